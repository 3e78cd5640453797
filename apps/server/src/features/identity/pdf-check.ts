import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** What the worker found: a PDF without active content (and its pages), or why not. */
export type PdfCheck =
  | { ok: true; pages: number }
  | { ok: false; reason: 'active' | 'encrypted' | 'unreadable' | 'html'; detail?: string };

/** A PDF the checker cannot judge within this is refused: a parser bomb must not hold a slot. */
const checkTimeoutMs = 15_000;
/** The checker's heap, MB: what a 10 MB PDF needs, and no more. */
const heapMb = 256;
/** Below the server's priority: on a small machine the players' requests come first. */
const niceness = 10;

/**
 * Inspects the PDF at `path` in a child process (pdf-check.worker.mjs: pdf-lib parses the
 * whole file, object streams included, and looks for JavaScript, launch and other actions,
 * embedded files, XFA, and HTML in the raw bytes). Off the event loop, at a lower CPU priority
 * (issue 25: parsing beside the server on two cores held its requests up), with its own heap
 * limit and a deadline; nothing the file holds can take the server's memory or time.
 */
export function checkPdf(path: string): Promise<PdfCheck> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, fileURLToPath(checker), path],
      { stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: process.env.PATH ?? '' } },
    );
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Not permitted here: it runs at the server's priority.
      }
    }
    let output = '';
    let settled = false;
    const finish = (result: PdfCheck) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'unreadable' }), checkTimeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      if (!output.includes('\n')) return;
      try {
        finish(JSON.parse(output) as PdfCheck);
      } catch {
        finish({ ok: false, reason: 'unreadable' });
      }
    });
    child.once('error', () => finish({ ok: false, reason: 'unreadable' }));
    child.once('exit', () => finish({ ok: false, reason: 'unreadable' }));
  });
}

const checker = new URL('./pdf-check.worker.mjs', import.meta.url);
