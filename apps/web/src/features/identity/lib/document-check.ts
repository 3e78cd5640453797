import { documentSniffBytes, identityLimits, sniffDocumentType } from '@casino/contracts';

export type DocumentProblem = 'empty' | 'size' | 'type';

/**
 * The server's rules checked before uploading, so a wrong file is named at once: not empty,
 * at most 10 MB, and a JPEG, PNG or PDF by its first bytes (whatever its name says).
 */
export async function checkDocument(file: Blob): Promise<DocumentProblem | undefined> {
  if (file.size === 0) return 'empty';
  if (file.size > identityLimits.documentMaxBytes) return 'size';
  const head = new Uint8Array(await file.slice(0, documentSniffBytes).arrayBuffer());
  return sniffDocumentType(head) ? undefined : 'type';
}

export const maxDocumentMegabytes = identityLimits.documentMaxBytes / (1024 * 1024);

/** "2.4 MB", "310 KB": the size of a sent document. */
export function formatFileSize(bytes: number, language: string): string {
  const locale = language === 'en' ? 'en-US' : 'ru-RU';
  const units = language === 'en' ? ['B', 'KB', 'MB'] : ['Б', 'КБ', 'МБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
