import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBomb, solid } from '../helpers/images';
import { createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';
import { identityOf, operator, operatorToken, upload } from './identity-helpers';

/**
 * Documents an outside run uploaded (issue 25) were kept and served as sent: a pixel-flood
 * PNG, a PDF carrying JavaScript, a PDF/HTML polyglot. Pictures are now re-encoded within a
 * pixel bound; PDFs with active content, a password or HTML are refused; what is kept goes
 * to the operator only as an attachment under a sandboxing CSP.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
});
afterAll(async () => {
  await t.close();
});

const asPdf = { filename: 'document.pdf', type: 'application/pdf' };

async function download(player: SignedInPlayer, kind: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/operator/identity/checks/${player.id}/documents/${kind}`,
    headers: operator,
  });
}

async function expectRefused(player: SignedInPlayer, content: Buffer, options = asPdf) {
  const res = await upload(t, player, 'address', content, options);
  expect(res.statusCode, res.body).toBe(422);
  expect(errorOf(res).code).toBe('IDENTITY_DOCUMENT_REFUSED');
  expect((await identityOf(t, player)).documents).toEqual([]);
  return errorOf(res).message;
}

/** A one-page PDF made by pdf-lib, with `extra` applied to it, objects compressed. */
async function madePdf(extra: (doc: PDFDocument) => void | Promise<void> = () => undefined) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Utility bill', { x: 20, y: 100, size: 14 });
  await extra(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('hostile documents', () => {
  it('refuses a pixel flood: a small PNG that decodes to 400 megapixels', async () => {
    const player = await createPlayer(t);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const message = await expectRefused(player, bomb, {
      filename: 'id.png',
      type: 'image/png',
    });
    expect(message).toBe('The picture is too large: at most 50 megapixels.');
  });

  it('refuses PDFs that carry JavaScript, in plain sight, with escaped names or compressed', async () => {
    const player = await createPlayer(t);
    const plain = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n' +
        '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
        'trailer<</Root 1 0 R>>\n%%EOF\n',
    );
    expect(await expectRefused(player, plain)).toMatch(/active content/);
    const escaped = Buffer.from(
      plain.toString('latin1').replace('/S/JavaScript/JS', '/S/J#61vaScript/J#53'),
      'latin1',
    );
    await expectRefused(player, escaped);

    // In an object stream: nothing of it readable in the raw bytes.
    const compressed = await madePdf((doc) => {
      const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    });
    expect(compressed.toString('latin1')).not.toContain('JavaScript');
    await expectRefused(player, compressed);
  });

  it('refuses a launch action and an embedded file', async () => {
    const player = await createPlayer(t);
    const launch = await madePdf((doc) => {
      const action = doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
      doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
    });
    await expectRefused(player, launch);
    const attached = await madePdf(async (doc) => {
      await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
        mimeType: 'application/octet-stream',
      });
    });
    await expectRefused(player, attached);
  });

  it('refuses a PDF/HTML polyglot', async () => {
    const player = await createPlayer(t);
    const clean = await madePdf();
    const polyglot = Buffer.concat([
      clean.subarray(0, 9),
      Buffer.from('%<html><body><script>alert(document.domain)</script></body></html>\n'),
      clean.subarray(9),
    ]);
    expect(await expectRefused(player, polyglot)).toMatch(/web page content/);
  });

  it('keeps a plain PDF as sent, and hands it to the operator only as a sandboxed download', async () => {
    const player = await createPlayer(t);
    const clean = await madePdf();
    const res = await upload(t, player, 'address', clean, asPdf);
    expect(res.statusCode, res.body).toBe(200);
    const served = await download(player, 'address');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBe('attachment; filename="address.pdf"');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(clean)).toBe(true);
  });

  it('re-encodes a picture: its metadata and anything appended are gone, its size bounded', async () => {
    const player = await createPlayer(t);
    const photo = await solid(5000, 3000)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS 55.75N 37.61E' } } })
      .toBuffer();
    const sent = Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(t, player, 'identity', sent, {
      filename: 'id.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const served = (await download(player, 'identity')).rawPayload;
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 4096 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('GPS 55.75N'))).toBe(false);
  });

  it('stores a document where a large one holds no statement long, and removes a replaced one', async () => {
    const player = await createPlayer(t);
    // About 1.6 MB, as the outside run sent: a scanned page (noise does not compress).
    const scan = await sharp(randomBytes(760 * 700 * 3), {
      raw: { width: 760, height: 700, channels: 3 },
    })
      .png()
      .toBuffer();
    const big = await madePdf(async (doc) => {
      const image = await doc.embedPng(scan);
      doc.getPage(0).drawImage(image, { x: 0, y: 0, width: 200, height: 200 });
    });
    expect(big.length).toBeGreaterThan(1_500_000);
    const first = await upload(t, player, 'address', big, asPdf);
    expect(first.statusCode, first.body).toBe(200);
    // On PostgreSQL: chunks of at most 64 KiB, a statement each. On the embedded PGlite: a
    // file of the data folder, none of it in the database.
    const stored = async () => {
      const { rows } = await t.db.execute<{ n: number; largest: number; inline: number }>(sql`
        select count(*)::int as n, coalesce(max(octet_length(bytes)), 0)::int as largest,
          (select count(*)::int from identity_documents
            where user_id = ${player.id}::uuid and bytes is not null) as inline
        from identity_document_chunks where user_id = ${player.id}::uuid`);
      const files = await readdir(join(t.config.dataDir, 'identity-documents', player.id)).catch(
        () => [],
      );
      return { ...rows[0], files: files.length };
    };
    const postgres = testDatabaseDriver() === 'postgres';
    expect(await stored()).toEqual(
      postgres
        ? { n: Math.ceil(big.length / (64 * 1024)), largest: 64 * 1024, inline: 0, files: 0 }
        : { n: 0, largest: 0, inline: 0, files: 1 },
    );
    expect((await download(player, 'address')).rawPayload.equals(big)).toBe(true);
    await upload(t, player, 'address', await madePdf(), asPdf);
    expect(await stored()).toMatchObject(postgres ? { n: 1 } : { files: 1 });
  });
});
