import { describe, expect, it } from 'vitest';
import { checkDocument, formatFileSize } from './document-check';

const blob = (bytes: number[] | string, size?: number) => {
  const head = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
  const body = new Uint8Array(size ?? head.length);
  body.set(head.slice(0, body.length));
  return new Blob([body]);
};

describe('checkDocument', () => {
  it('passes JPEG, PNG and PDF by their first bytes', async () => {
    expect(await checkDocument(blob([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(
      await checkDocument(blob([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBeUndefined();
    expect(await checkDocument(blob('%PDF-1.7\n'))).toBeUndefined();
  });

  it('names what is wrong: empty, over 10 MB, or another type whatever its name', async () => {
    expect(await checkDocument(new Blob([]))).toBe('empty');
    expect(await checkDocument(blob('%PDF-1.7', 10 * 1024 * 1024 + 1))).toBe('size');
    expect(await checkDocument(blob('%PDF-1.7', 10 * 1024 * 1024))).toBeUndefined();
    expect(await checkDocument(new File(['<html>'], 'passport.jpg', { type: 'image/jpeg' }))).toBe(
      'type',
    );
  });
});

describe('formatFileSize', () => {
  it('in the language of the page', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatFileSize(310 * 1024, 'ru')).toBe('310 КБ');
  });
});
