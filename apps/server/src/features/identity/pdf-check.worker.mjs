// Runs in a worker thread of the server (pdf-check.ts): parses an uploaded PDF with pdf-lib,
// off the server's event loop, at a lower CPU priority and within its own heap limit, and
// answers whether it carries active content. One worker serves check after check: starting a
// process per upload forked the whole server, which held its event loop for 60–260 ms each
// time (issue 25). Plain JavaScript, so that Node runs it as it is, from the sources and from
// dist/ alike.
import { readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';

/** Keys that make a PDF do something when opened or clicked, or carry other files. */
const activeKeys = new Set([
  'JS',
  'JavaScript',
  'AA',
  'OpenAction',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaContent',
  'XFA',
]);
/** Action types (`/S`) that run code, start programs, send data or open other files. */
const activeActions = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'RichMediaExecute',
  'Rendition',
  'Sound',
  'Movie',
]);
/** HTML in the raw bytes: a PDF/HTML polyglot would render as a page if ever served as one. */
const htmlMarker = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta)[\s>/]/i;

function nameOf(value) {
  return value instanceof PDFName ? value.decodeText() : undefined;
}

/** The first active thing found in a value (a dictionary, a stream's, an array's items). */
function activeIn(value, seen, depth = 0) {
  if (depth > 64 || value === undefined || seen.has(value)) return undefined;
  seen.add(value);
  const dict = value instanceof PDFStream ? value.dict : value;
  if (dict instanceof PDFDict) {
    for (const [key, item] of dict.entries()) {
      const name = key.decodeText();
      if (activeKeys.has(name)) return `/${name}`;
      if (name === 'S' && activeActions.has(nameOf(item))) return `/S /${nameOf(item)}`;
      if (name === 'Type' && nameOf(item) === 'EmbeddedFile') return '/Type /EmbeddedFile';
      const found = activeIn(item, seen, depth + 1);
      if (found) return found;
    }
  } else if (value instanceof PDFArray) {
    for (let i = 0; i < value.size(); i++) {
      const found = activeIn(value.get(i), seen, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

async function check(path) {
  const bytes = await readFile(path);
  if (htmlMarker.test(bytes.toString('latin1'))) return { ok: false, reason: 'html' };
  let doc;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    const encrypted = error instanceof Error && error.name === 'EncryptedPDFError';
    return { ok: false, reason: encrypted ? 'encrypted' : 'unreadable' };
  }
  // Every object of the file, those inside object streams included (pdf-lib decodes them),
  // with names already decoded (/J#61vaScript is /JavaScript).
  const seen = new Set();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const found = activeIn(object, seen);
    if (found) return { ok: false, reason: 'active', detail: found };
  }
  const found = activeIn(doc.context.trailerInfo.Root, seen);
  if (found) return { ok: false, reason: 'active', detail: found };
  return { ok: true, pages: doc.getPageCount() };
}

// Below the server's priority, this thread only (Linux gives each thread its own niceness):
// on a small machine the players' requests come first.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, workerData?.niceness ?? 10);
} catch {
  // Not Linux, or not permitted: it runs at the server's priority.
}

parentPort.on('message', ({ id, path }) => {
  check(path).then(
    (result) => parentPort.postMessage({ id, result }),
    () => parentPort.postMessage({ id, result: { ok: false, reason: 'unreadable' } }),
  );
});
