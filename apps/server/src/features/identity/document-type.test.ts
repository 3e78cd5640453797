import { describe, expect, it } from 'vitest';
import { sniffDocumentType } from './document-type';

describe('sniffDocumentType', () => {
  it('knows JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(
      sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe('application/pdf');
  });

  it('refuses everything else, however it is named', () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('GIF89a'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('  %PDF-1.7'),
      Buffer.from('<html><script>alert(1)</script>'),
      Buffer.from('PK\u0003\u0004'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]),
    ]) {
      expect(sniffDocumentType(bytes)).toBeUndefined();
    }
  });
});
