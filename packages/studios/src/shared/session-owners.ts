import type { FastifyReply, FastifyRequest } from 'fastify';
import { TtlStore } from './ttl-store';

/**
 * Where the host keeps, for every game session and launch ticket, the address of the
 * instance that holds it (the host's database, shared by every instance of the operator's
 * server). The studios know nothing of that storage: the host implements this interface.
 */
export interface SessionOwners {
  /** Records that `owner` (a base URL such as http://10.0.0.5:3000) holds `key`. */
  claim(key: string, owner: string, ttlMs: number): Promise<void>;
  /** The instance that holds `key`, or undefined when nobody recorded it (or it expired). */
  ownerOf(key: string): Promise<string | undefined>;
}

/** How sessions are shared between instances: the host's directory and this instance's URL. */
export interface SessionSharing {
  owners: SessionOwners;
  /** This instance's own base URL as the other instances reach it; undefined: not known yet. */
  self: () => string | undefined;
  /** Failures of the directory or of a forward (logged, never fatal). */
  log?: (message: string) => void;
}

/** Set on a forwarded request, so an instance never forwards a request twice. */
export const FORWARDED_HEADER = 'x-studio-forwarded';

/** Headers worth carrying to the owner and back. */
const REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'user-agent'];
const RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'location',
  'content-security-policy',
  'referrer-policy',
  'x-content-type-options',
];

/**
 * A studio's sessions (or launch tickets): the live objects in this process's memory, and,
 * with sharing, the owner of each recorded in the host's directory. A request that reaches an
 * instance without the session is forwarded to the owner, so a launch opened through one
 * instance behind a balancer plays through any other, rounds in progress and demo purses
 * included (decision 054). An owner that is gone is like a studio restart: the session is
 * over and the player relaunches.
 */
export class SessionTable<T> {
  private readonly local: TtlStore<T>;
  /** When each local entry's claim was last written (renewed while the session is used). */
  private readonly claimedAt = new Map<string, number>();

  constructor(
    private readonly kind: string,
    private readonly ttlMs: number,
    private readonly sharing: SessionSharing | undefined,
  ) {
    this.local = new TtlStore<T>(ttlMs);
  }

  private key(id: string): string {
    return `${this.kind}:${id}`;
  }

  /** Keeps the session here and, with sharing, records this instance as its owner. */
  async set(id: string, value: T): Promise<void> {
    this.local.set(id, value);
    await this.claim(id);
  }

  private async claim(id: string): Promise<void> {
    const self = this.sharing?.self();
    if (!this.sharing || self === undefined) return;
    if (this.claimedAt.size > 50_000) this.claimedAt.clear();
    this.claimedAt.set(id, Date.now());
    try {
      await this.sharing.owners.claim(this.key(id), self, this.ttlMs);
    } catch (error) {
      this.sharing.log?.(`session owner not recorded: ${(error as Error).message}`);
    }
  }

  /** The local session (its idle time starts again), renewing the shared claim now and then. */
  get(id: string): T | undefined {
    const value = this.local.get(id);
    if (value !== undefined && this.sharing) {
      const at = this.claimedAt.get(id);
      if (at === undefined || Date.now() - at > this.ttlMs / 4) void this.claim(id);
    }
    return value;
  }

  delete(id: string): void {
    this.local.delete(id);
    this.claimedAt.delete(id);
  }

  /**
   * For a session not held here: forwards the request to the instance that holds it and
   * sends its answer. Returns false (nothing sent) when there is no other owner to ask or it
   * does not answer; the caller then answers as for an unknown session.
   */
  async forward(id: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const sharing = this.sharing;
    if (!sharing || request.headers[FORWARDED_HEADER] !== undefined) return false;
    let owner: string | undefined;
    try {
      owner = await sharing.owners.ownerOf(this.key(id));
    } catch (error) {
      sharing.log?.(`session owner not read: ${(error as Error).message}`);
      return false;
    }
    if (owner === undefined || owner === sharing.self()) return false;
    const headers: Record<string, string> = { [FORWARDED_HEADER]: '1' };
    for (const name of REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
      const raw = request.body;
      if (typeof raw === 'string') body = raw;
      else if (Buffer.isBuffer(raw)) body = raw.toString('utf8');
      else {
        // The game pages post JSON; what the parser made of it goes on as JSON.
        body = JSON.stringify(raw);
        headers['content-type'] = 'application/json';
      }
    }
    let answer: Response;
    try {
      answer = await fetch(new URL(request.url, owner), {
        method: request.method,
        headers,
        ...(body !== undefined && { body }),
        redirect: 'manual',
        // A round's wallet calls retry for a while; the page waits as long on its owner.
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      sharing.log?.(`session owner ${owner} did not answer: ${(error as Error).message}`);
      return false;
    }
    reply.code(answer.status);
    for (const name of RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    await reply.send(Buffer.from(await answer.arrayBuffer()));
    return true;
  }
}
