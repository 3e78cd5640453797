import type { IdentityResponse, OperatorIdentityCheck } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger';
import { createPlayer, errorOf } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import {
  identityOf,
  jpegDocument,
  operator,
  operatorToken,
  pdf,
  pngDocument,
  review,
  submitBoth,
  upload,
} from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
});
afterAll(async () => {
  await t.close();
});

describe('identity documents: what an upload may be', () => {
  it('starts not_started, with the withdrawal rule stated', async () => {
    const player = await createPlayer(t);
    expect(await identityOf(t, player)).toEqual({
      status: 'not_started',
      reason: null,
      documents: [],
      submitted_at: null,
      reviewed_at: null,
      withdrawal: { first_needs_verification: true, threshold: '2000.00' },
    });
  });

  it('takes JPEG, PNG and PDF, typed by their content', async () => {
    const player = await createPlayer(t);
    // A PNG sent under a PDF name and type is stored as the PNG it is.
    const png = await pngDocument();
    const res = await upload(t, player, 'identity', png, {
      filename: 'id.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IdentityResponse>()).toMatchObject({
      status: 'not_started',
      documents: [{ kind: 'identity', content_type: 'image/png', size: png.length }],
    });
    const jpeg = await upload(t, player, 'identity', await jpegDocument(), {
      filename: 'x.bin',
      type: 'application/octet-stream',
    });
    expect(jpeg.json<IdentityResponse>().documents).toMatchObject([
      { kind: 'identity', content_type: 'image/jpeg' },
    ]);
    const address = await upload(t, player, 'address', pdf);
    expect(address.json<IdentityResponse>()).toMatchObject({
      status: 'pending',
      documents: [
        { kind: 'address', content_type: 'application/pdf', size: pdf.length },
        { kind: 'identity', content_type: 'image/jpeg' },
      ],
    });
  });

  it('refuses a file that lies about its type: 415 by content, whatever the name and header', async () => {
    const player = await createPlayer(t);
    for (const [content, filename, type] of [
      ['<html><script>alert(1)</script></html>', 'passport.jpg', 'image/jpeg'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'id.png', 'image/png'],
      ['GIF89a....', 'bill.pdf', 'application/pdf'],
      ['MZ\u0090\u0000 executable', 'scan.pdf', 'application/pdf'],
    ] as const) {
      const res = await upload(t, player, 'identity', content, { filename, type });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(415);
      expect(errorOf(res)).toMatchObject({
        code: 'IDENTITY_DOCUMENT_UNSUPPORTED',
        message: 'The file is not a JPEG, PNG or PDF document.',
      });
    }
    expect((await identityOf(t, player)).documents).toEqual([]);
  });

  it('refuses an empty file (400), a file over 10 MB (413) and a body without "file" (400)', async () => {
    const player = await createPlayer(t);
    const empty = await upload(t, player, 'identity', Buffer.alloc(0));
    expect(empty.statusCode, empty.body).toBe(400);
    expect(errorOf(empty).code).toBe('IDENTITY_DOCUMENT_EMPTY');

    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    const tooBig = await upload(t, player, 'identity', big);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large: at most 10 MB.',
    });
    // Exactly 10 MiB is accepted.
    const limit = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 - pdf.length, 0x20)]);
    const atLimit = await upload(t, player, 'identity', limit);
    expect(atLimit.statusCode, atLimit.body).toBe(200);

    const wrongField = await upload(t, player, 'identity', pdf, { name: 'document' });
    expect(wrongField.statusCode).toBe(400);
    expect(errorOf(wrongField).code).toBe('IDENTITY_DOCUMENT_MISSING');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/identity/documents/identity',
      headers: { authorization: `Bearer ${player.accessToken}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const unknownKind = await upload(t, player, 'selfie', pdf);
    expect(unknownKind.statusCode).toBe(400);
  });
});

describe('identity documents: how often', () => {
  it('takes 20 uploads an hour per player; the 21st is 429 with Retry-After and changes nothing', async () => {
    const player = await createPlayer(t);
    const png = await pngDocument();
    for (let i = 0; i < 20; i++) {
      const res = await upload(t, player, i % 2 === 0 ? 'identity' : 'address', png, {
        filename: 'photo.png',
        type: 'image/png',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await identityOf(t, player);
    const refused = await upload(t, player, 'identity', pdf);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'At most 20 document uploads an hour: try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(await identityOf(t, player)).toEqual(before);
    // Counted per player: another player uploads as usual.
    const other = await createPlayer(t);
    expect((await upload(t, other, 'identity', pdf)).statusCode).toBe(200);
  });
});

describe('identity check: the operator review', () => {
  it('pending → rejected with a reason the player sees → pending again → verified', async () => {
    const player = await createPlayer(t);
    expect((await submitBoth(t, player)).status).toBe('pending');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/operator/identity/checks?status=pending',
      headers: operator,
    });
    expect(listed.statusCode).toBe(200);
    const entry = listed
      .json<{ data: OperatorIdentityCheck[] }>()
      .data.find((row) => row.user_id === player.id);
    expect(entry).toMatchObject({
      username: player.username,
      status: 'pending',
      documents: [{ kind: 'address' }, { kind: 'identity' }],
    });

    const rejected = await review(t, player.id, 'reject', 'The photo of the passport is blurred.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await identityOf(t, player)).toMatchObject({
      status: 'rejected',
      reason: 'The photo of the passport is blurred.',
    });
    // Only a pending check can be decided.
    const verifyRejected = await review(t, player.id, 'verify');
    expect(verifyRejected.statusCode).toBe(409);
    expect(errorOf(verifyRejected).code).toBe('IDENTITY_NOT_PENDING');

    // A new document after a rejection sends the check back for review.
    const again = await upload(t, player, 'identity', await pngDocument(), { type: 'image/png' });
    expect(again.json<IdentityResponse>()).toMatchObject({ status: 'pending', reason: null });

    const verified = await review(t, player.id, 'verify');
    expect(verified.json<OperatorIdentityCheck>()).toMatchObject({ status: 'verified' });
    // Verifying again is answered as done.
    expect((await review(t, player.id, 'verify')).statusCode).toBe(200);
    expect((await identityOf(t, player)).status).toBe('verified');

    const late = await upload(t, player, 'address', pdf);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('IDENTITY_ALREADY_VERIFIED');
  });

  it('serves a document to the operator only, as a download with safe headers', async () => {
    const player = await createPlayer(t);
    await submitBoth(t, player);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/operator/identity/checks/${player.id}/documents/address`,
      headers: operator,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="address.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(pdf)).toBe(true);

    // A player's own token does not open the operator route, and there is no player route
    // that returns document bytes at all.
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: `/api/operator/identity/checks/${player.id}/documents/address`,
      headers: { authorization: `Bearer ${player.accessToken}` },
    });
    expect(asPlayer.statusCode).toBe(401);
    const other = await createPlayer(t);
    const othersView = await identityOf(t, other);
    expect(othersView.documents).toEqual([]);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/operator/identity/checks/${other.id}/documents/identity`,
      headers: operator,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('IDENTITY_NOT_FOUND');
  });

  it('refuses a reject without a reason, and a review of a player with no check', async () => {
    const player = await createPlayer(t);
    await submitBoth(t, player);
    const blank = await review(t, player.id, 'reject', '   ');
    expect(blank.statusCode).toBe(400);
    const none = await createPlayer(t);
    const res = await review(t, none.id, 'verify');
    expect(res.statusCode).toBe(404);
  });
});

describe('identity logs', () => {
  it('never hold document contents or file names, at trace level', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      logger: createLogger(
        { env: 'test', logLevel: 'trace' },
        { write: (line: string) => void lines.push(line) },
      ),
    });
    try {
      const player = await createPlayer(logged);
      const secret = Buffer.concat([pdf, Buffer.from('PASSPORT-NUMBER-987654321')]);
      const res = await upload(logged, player, 'identity', secret, {
        filename: 'ivan-petrov-passport.pdf',
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    expect(text).toContain('identity document uploaded');
    expect(text).not.toContain('PASSPORT-NUMBER');
    expect(text).not.toContain('ivan-petrov');
  });
});
