import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type AppErrorCode } from '../errors';
import { createUploadGate, type UploadGateOptions } from './upload-gate';

/**
 * The one upload pipeline (issues 25 and 27): avatars and identity documents alike arrive as
 * multipart/form-data with one file in the field `file`, are refused past their size before
 * and while they are read, wait their turn unread (one per player, a few per instance:
 * upload-gate.ts), and are streamed to a private temporary file, hashed on the way, never held
 * whole in memory. What happens to the file then (re-encoding, checks, storage) is the
 * feature's; the temporary file is removed when its handler ends. A route uses it through
 * `createUploadPipeline` (below).
 */
export interface UploadRules {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** What the player is asked to attach ("the picture", "the document"). */
  what: string;
  /** The error code of a body without the `file` part. */
  missingCode: AppErrorCode;
}

/** A received upload: on disk, its size, SHA-256 and first bytes (for sniffing the type). */
export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
}

// Room for the multipart envelope (boundaries, part headers) around the file.
const envelopeBytes = 64 * 1024;
const headBytes = 64;

const megabytes = (bytes: number) => bytes / (1024 * 1024);

function fileTooLarge(rules: Pick<UploadRules, 'maxBytes'>): AppError {
  return new AppError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The file is too large: at most ${megabytes(rules.maxBytes)} MB.`,
  );
}

function malformedBody(): AppError {
  return new AppError(400, ErrorCode.BAD_REQUEST, 'The multipart/form-data body is malformed.');
}

// @fastify/multipart's own limit errors, all 413.
const multipartLimitCodes = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * Registers multipart parsing in the calling plugin only (encapsulated): everywhere else a
 * multipart body stays a 415, so no other route can be made to read uploads.
 */
async function registerUploadParsing(app: FastifyInstance, rules: UploadRules) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: rules.maxBytes,
      files: 1,
      fields: 2,
      fieldSize: 1024,
      parts: 3,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
}

/**
 * An onRequest hook: a declared Content-Length past the limit is refused before a byte of the
 * body is parsed. The answer goes out at once and Node discards what the client still sends;
 * the connection is not closed on purpose (closing a socket with unread data resets it, and the
 * client would see a network error instead of this 413). Bodies without a length (chunked) are
 * cut off by the multipart limits instead.
 */
function refuseDeclaredOversize(rules: Pick<UploadRules, 'maxBytes'>) {
  return (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > rules.maxBytes + envelopeBytes) throw fileTooLarge(rules);
    done();
  };
}

/** 415 unless the request is multipart/form-data. */
function requireMultipart(request: FastifyRequest, what: string): void {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Send ${what} as multipart/form-data.`,
    );
  }
}

/** Counts, hashes and keeps the first bytes of what streams through it. */
function measure() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      if (headSize < headBytes) {
        head.push(chunk.subarray(0, headBytes - headSize));
        headSize += Math.min(chunk.length, headBytes - headSize);
      }
      callback(null, chunk);
    },
  });
  return {
    stream,
    result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }),
  };
}

/**
 * Streams the request's `file` part to a private temporary file and runs `use` with it; the
 * file is removed afterwards, whatever happens. Errors of the body (too large, malformed,
 * missing part) are the API's 413 and 400; what `use` throws passes through.
 */
async function withUploadedFile<T>(
  request: FastifyRequest,
  rules: UploadRules,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'orbita-upload-'));
  try {
    const path = join(dir, randomUUID());
    let received: Omit<ReceivedFile, 'path'>;
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        throw new AppError(400, rules.missingCode, `Attach ${rules.what} as "file".`);
      }
      const measured = measure();
      await pipeline(part.file, measured.stream, createWriteStream(path, { mode: 0o600 }));
      // The stream ends early at the limit; the parser's error says so, this keeps it visible.
      if (part.file.truncated) throw fileTooLarge(rules);
      received = measured.result();
    } catch (error) {
      if (isAppError(error)) throw error;
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && multipartLimitCodes.has(code)) throw fileTooLarge(rules);
      // Only the body is read in here: whatever else the parser throws (no boundary, an end
      // that never comes, garbage after the last part) is the client's malformed body.
      throw malformedBody();
    }
    return await use({ path, ...received });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface UploadPipelineOptions extends UploadRules {
  /** How many at once: one per player, `concurrent` per instance, `waiting` in line. */
  gate: UploadGateOptions;
}

/**
 * An upload route's whole pipeline, made once per instance by its feature:
 *
 * - `register(app)` in the route's plugin (multipart parsing there only);
 * - `refuseDeclaredOversize` among the route's onRequest hooks, after authentication;
 * - `requireMultipart(request)` first in the handler (415 before anything is counted);
 * - `receive(request, playerId, use)`: in turn for the player and the instance, the file read
 *   to disk and given to `use`, removed afterwards.
 */
export function createUploadPipeline(options: UploadPipelineOptions) {
  const gate = createUploadGate(options.gate);
  return {
    register: (app: FastifyInstance) => registerUploadParsing(app, options),
    refuseDeclaredOversize: refuseDeclaredOversize(options),
    requireMultipart: (request: FastifyRequest) => requireMultipart(request, options.what),
    receive: <T>(
      request: FastifyRequest,
      playerId: string,
      use: (file: ReceivedFile) => Promise<T>,
    ) => gate.run(playerId, () => withUploadedFile(request, options, use)),
    /** Uploads under way and waiting (tests, the benchmark). */
    load: gate.load,
  };
}

export type UploadPipeline = ReturnType<typeof createUploadPipeline>;
