import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body as a browser would send it. */
export async function multipart(
  fields: { name: string; content: Buffer | string; filename?: string; type?: string }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const field of fields) {
    if (field.filename === undefined) {
      form.append(field.name, String(field.content));
    } else {
      const bytes = typeof field.content === 'string' ? Buffer.from(field.content) : field.content;
      form.append(
        field.name,
        new Blob([new Uint8Array(bytes)], { type: field.type ?? 'application/octet-stream' }),
        field.filename,
      );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export function solid(width: number, height: number, background = '#3366cc') {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Left half red, right half blue: shows whether the EXIF orientation was applied. */
export async function halvesJpegWithExif(orientation: number): Promise<Buffer> {
  const blue = await solid(150, 200, '#0000ff').png().toBuffer();
  return solid(300, 200, '#ff0000')
    .composite([{ input: blue, left: 150, top: 0 }])
    .jpeg()
    .withMetadata({ orientation })
    .withExif({ IFD0: { Copyright: 'EXIF-SECRET-MARK', Artist: 'GPS-HOME-ADDRESS' } })
    .toBuffer();
}

/** A two-frame animated GIF: green, then red. */
export async function animatedGif(): Promise<Buffer> {
  const frames = Buffer.concat([
    await solid(64, 64, '#00ff00').ensureAlpha().raw().toBuffer(),
    await solid(64, 64, '#ff0000').ensureAlpha().raw().toBuffer(),
  ]);
  return sharp(frames, { raw: { width: 64, height: 128, channels: 4, pageHeight: 64 } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of width × height black pixels. 20000 × 20000 is
 * 400 million pixels (1.2 GB decoded as RGB) in about 50 KB.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
