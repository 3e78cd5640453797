import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfChecker } from './pdf-check';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function pdfFile(extra: (doc: PDFDocument) => void = () => undefined): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Utility bill', { x: 20, y: 100, size: 14 });
  extra(doc);
  const path = join(dir, `${++files}.pdf`);
  await writeFile(path, await doc.save());
  return path;
}

/** A PDF written by hand: one page and `count` more objects, each holding `value`. */
function rawPdf(count: number, value: string): string {
  const parts = [
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n',
  ];
  for (let i = 4; i < count + 4; i++) parts.push(`${i} 0 obj<</V${value}>>endobj\n`);
  parts.push('trailer<</Root 1 0 R>>\n%%EOF\n');
  return parts.join('');
}

const withScript = (doc: PDFDocument) => {
  const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), action);
};

/**
 * The PDF checker runs in long-lived worker threads (issue 25: a child process per upload
 * forked the whole server, which held its event loop each time).
 */
describe('the PDF checker', () => {
  it('judges check after check in one worker thread, never a process per file', async () => {
    const checker = createPdfChecker({ workers: 1 });
    try {
      const [clean, active] = await Promise.all([pdfFile(), pdfFile(withScript)]);
      expect(await checker.check(clean)).toEqual({ ok: true, pages: 1 });
      expect(await checker.check(active)).toMatchObject({ ok: false, reason: 'active' });
      // Three at once with one worker: they wait their turn and share it.
      const results = await Promise.all([clean, active, clean].map((path) => checker.check(path)));
      expect(results.map((result) => result.ok)).toEqual([true, false, true]);
      expect(checker.stats()).toEqual({ started: 1, alive: 1, waiting: 0 });
    } finally {
      await checker.close();
    }
  });

  it('refuses a file it cannot read, and keeps working', async () => {
    const checker = createPdfChecker({ workers: 1 });
    try {
      const garbage = join(dir, 'garbage.pdf');
      await writeFile(garbage, '%PDF-1.7\nnot really a PDF');
      expect(await checker.check(garbage)).toEqual({ ok: false, reason: 'unreadable' });
      expect(await checker.check(join(dir, 'missing.pdf'))).toEqual({
        ok: false,
        reason: 'unreadable',
      });
      expect(await checker.check(await pdfFile())).toEqual({ ok: true, pages: 1 });
    } finally {
      await checker.close();
    }
  });

  it('ends a worker past its deadline or its heap, refuses that PDF, and starts another', async () => {
    // A deadline no parse can meet: the worker is ended, the PDF refused as unreadable.
    const hurried = createPdfChecker({ workers: 1, timeoutMs: 1 });
    try {
      expect(await hurried.check(await pdfFile())).toEqual({ ok: false, reason: 'unreadable' });
      expect(await hurried.check(await pdfFile())).toEqual({ ok: false, reason: 'unreadable' });
      expect(hurried.stats()).toMatchObject({ started: 2 });
    } finally {
      await hurried.close();
    }
    // Thousands of arrays in a heap of 16 MB, where a plain PDF fits: out of memory ends that
    // worker only, the PDF is refused, and the next check gets a new worker.
    const heavy = join(dir, 'heavy.pdf');
    await writeFile(heavy, rawPdf(3_000, `[${'0 '.repeat(200)}]`));
    const small = createPdfChecker({ workers: 1, heapMb: 16 });
    try {
      const clean = await pdfFile();
      expect(await small.check(clean)).toEqual({ ok: true, pages: 1 });
      expect(await small.check(heavy)).toEqual({ ok: false, reason: 'unreadable' });
      expect(small.stats()).toEqual({ started: 1, alive: 0, waiting: 0 });
      expect(await small.check(clean)).toEqual({ ok: true, pages: 1 });
      expect(small.stats()).toMatchObject({ started: 2, alive: 1 });
    } finally {
      await small.close();
    }
  });
});
