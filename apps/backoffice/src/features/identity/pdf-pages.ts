import { AnnotationMode, getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * A PDF's pages as pictures (decision 081): pdf.js (Mozilla's maintained reader) parses the
 * bytes in its own worker and paints each page on a canvas that becomes a PNG; the page then
 * shows only <img> elements, so nothing of the document runs, opens a link or submits a form,
 * and no frame (sandboxed or not) holds it. Loaded with import() only when a PDF is shown, so
 * it is a chunk of its own that the back office's first load and the players' app never get.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

/** More pages than an identity document has; the rest are left out (and said so). */
export const maxPages = 10;

export interface RenderedPages {
  /** PNG blob addresses, one per page shown; revoke them when done. */
  urls: string[];
  total: number;
}

export async function renderPdfPages(
  bytes: ArrayBuffer,
  width: number,
  signal: AbortSignal,
): Promise<RenderedPages> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    // No code generated from the document, no XFA forms, no scripting, nothing fetched.
    isEvalSupported: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
  });
  const urls: string[] = [];
  try {
    const pdf = await task.promise;
    const count = Math.min(pdf.numPages, maxPages);
    for (let number = 1; number <= count; number++) {
      if (signal.aborted) break;
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      // Sharp on a high-density screen, bounded so a huge page does not eat the memory.
      const scale = Math.min(3, (width * Math.min(2, window.devicePixelRatio || 1)) / base.width);
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE }).promise;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      page.cleanup();
      if (!blob) throw new Error(`page ${number} could not be drawn`);
      urls.push(URL.createObjectURL(blob));
    }
    return { urls, total: pdf.numPages };
  } catch (error) {
    for (const url of urls) URL.revokeObjectURL(url);
    throw error;
  } finally {
    void task.destroy();
  }
}
