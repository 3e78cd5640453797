import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What the worker found: a PDF without active content (and its pages), or why not. */
export type PdfCheck =
  | { ok: true; pages: number }
  | { ok: false; reason: 'active' | 'encrypted' | 'unreadable' | 'html'; detail?: string };

export interface PdfCheckerOptions {
  /** Checks at once, a worker thread each; the rest wait in line. */
  workers?: number;
  /** A PDF the checker cannot judge within this is refused: a parser bomb must not hold a slot. */
  timeoutMs?: number;
  /** A worker's heap, MB: what a 10 MB PDF needs, and no more (past it the worker is ended). */
  heapMb?: number;
  /** An idle worker is ended after this, to give its memory back. */
  idleMs?: number;
  /** The workers' threads run below the server's priority (Linux, best effort). */
  niceness?: number;
}

export interface PdfChecker {
  check(path: string): Promise<PdfCheck>;
  /** Workers started so far and alive now (tests). */
  stats(): { started: number; alive: number; waiting: number };
  close(): Promise<void>;
}

interface Job {
  path: string;
  resolve: (result: PdfCheck) => void;
}

interface Slot {
  worker: Worker;
  /** The check it is running: settles it (`keep`: the worker stays for the next). */
  finish?: (result: PdfCheck, keep: boolean) => void;
  idleTimer?: NodeJS.Timeout;
}

const unreadable: PdfCheck = { ok: false, reason: 'unreadable' };
const checker = new URL('./pdf-check.worker.mjs', import.meta.url);

/**
 * Inspects PDFs in worker threads (pdf-check.worker.mjs: pdf-lib parses the whole file,
 * object streams included, and looks for JavaScript, launch and other actions, embedded files,
 * XFA, and HTML in the raw bytes): off the event loop, at a lower CPU priority, each worker
 * with its own heap limit, a deadline per check. The workers live on between checks. Issue 25:
 * a child process per upload forked the server (600 MB on the embedded database), which held
 * its event loop for 60–260 ms per PDF; starting a worker thread holds it for under a
 * millisecond. Nothing a file holds can take the server's heap or its time: a worker past its
 * heap or its deadline is ended and the PDF refused as unreadable.
 */
export function createPdfChecker(options: PdfCheckerOptions = {}): PdfChecker {
  const size = options.workers ?? 1;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const heapMb = options.heapMb ?? 256;
  const idleMs = options.idleMs ?? 60_000;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let started = 0;
  let closed = false;

  let sequence = 0;

  function startWorker(): Slot {
    started += 1;
    const worker = new Worker(checker, {
      workerData: { niceness: options.niceness ?? 10 },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
      // What pdf-lib prints about a malformed file is dropped.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    // The server's event loop is never held open by an idle checker.
    worker.unref();
    const slot: Slot = { worker };
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a crash or an exit: the check under way is
    // refused and the worker replaced; an idle one is just gone.
    const gone = () => {
      if (slot.finish) slot.finish(unreadable, false);
      else retire(slot);
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    slots.add(slot);
    return slot;
  }

  function retire(slot: Slot) {
    clearTimeout(slot.idleTimer);
    if (!slots.delete(slot)) return;
    void slot.worker.terminate();
  }

  function run(slot: Slot, job: Job) {
    clearTimeout(slot.idleTimer);
    const id = ++sequence;
    const onMessage = (message: { id: number; result: PdfCheck }) => {
      if (message.id === id) slot.finish?.(message.result, true);
    };
    const timer = setTimeout(() => slot.finish?.(unreadable, false), timeoutMs);
    timer.unref();
    slot.finish = (result, keep) => {
      slot.finish = undefined;
      clearTimeout(timer);
      slot.worker.off('message', onMessage);
      if (!keep) retire(slot);
      job.resolve(result);
      next(keep ? slot : undefined);
    };
    slot.worker.on('message', onMessage);
    slot.worker.postMessage({ id, path: job.path });
  }

  /** Gives the next waiting job a worker: `free` if one just finished, else a new one. */
  function next(free?: Slot) {
    if (closed) return;
    const job = queue.shift();
    if (!job) {
      if (free) {
        free.idleTimer = setTimeout(() => retire(free), idleMs);
        free.idleTimer.unref();
      }
      return;
    }
    const idle = free ?? [...slots].find((slot) => !slot.finish);
    const slot = idle ?? (slots.size < size ? startWorker() : undefined);
    if (slot) run(slot, job);
    else queue.unshift(job);
  }

  return {
    check(path) {
      if (closed) return Promise.resolve(unreadable);
      return new Promise<PdfCheck>((resolve) => {
        queue.push({ path, resolve });
        next();
      });
    },
    stats: () => ({ started, alive: slots.size, waiting: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.resolve(unreadable);
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of [...slots]) {
        if (slot.finish) slot.finish(unreadable, false);
        else retire(slot);
      }
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * The instance's checker: one worker per core beyond the first, at most two (on two cores one
 * parses while the other serves requests). The upload gate already lets only two uploads be
 * processed at once.
 */
let shared: PdfChecker | undefined;

export function checkPdf(path: string): Promise<PdfCheck> {
  shared ??= createPdfChecker({ workers: Math.min(2, Math.max(1, availableParallelism() - 1)) });
  return shared.check(path);
}
