import { errorResponseSchema } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, solid } from '../helpers/images';
import { bearer, createPlayer, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Malformed multipart bodies on the upload routes, POST /api/user/change/avatar (issue 17:
 * each of these was a 500) and POST /api/identity/documents/:kind (decision 052): a client
 * error (400, 413 or 415) in the API's error shape, never a 5xx.
 */
describe.each([
  ['the avatar upload', '/api/user/change/avatar'],
  ['an identity document upload', '/api/identity/documents/identity'],
])('hostile multipart on %s', (_route, url) => {
  let t: TestApp;
  let player: SignedInPlayer;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    player = await createPlayer(t);
    png = await solid(16, 16).png().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(contentType: string, payload: Buffer | string) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(player.accessToken), 'content-type': contentType },
      payload,
    });
  }

  const part = (boundary: string, tail = `--${boundary}--\r\n`) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from('PNGDATA'),
      Buffer.from(`\r\n${tail}`),
    ]);

  const cases: [string, () => Promise<[string, Buffer | string]>][] = [
    ['no boundary', () => Promise.resolve(['multipart/form-data', part('abc')])],
    ['an empty boundary', () => Promise.resolve(['multipart/form-data; boundary=', part('')])],
    [
      'a quoted empty boundary',
      () => Promise.resolve(['multipart/form-data; boundary=""', part('')]),
    ],
    [
      'a 70-character boundary',
      () =>
        Promise.resolve([`multipart/form-data; boundary=${'b'.repeat(70)}`, part('b'.repeat(70))]),
    ],
    [
      'a 200-character boundary',
      () =>
        Promise.resolve([
          `multipart/form-data; boundary=${'b'.repeat(200)}`,
          part('b'.repeat(200)),
        ]),
    ],
    [
      'garbage after a valid boundary',
      () =>
        Promise.resolve(['multipart/form-data; boundary=xyz', part('xyz', '\u0000\u00ff garbage')]),
    ],
    [
      'no closing boundary',
      () => Promise.resolve(['multipart/form-data; boundary=xyz', part('xyz', '')]),
    ],
    ['an empty body', () => Promise.resolve(['multipart/form-data; boundary=xyz', ''])],
    [
      'binary noise',
      () => Promise.resolve(['multipart/form-data; boundary=xyz', Buffer.alloc(4096, 0xff)]),
    ],
    [
      'a NUL in the part name',
      async () => {
        const body = await multipart([{ name: 'fi\u0000le', content: png, filename: 'a.png' }]);
        return [body.headers['content-type'] ?? '', body.payload];
      },
    ],
    [
      'a text field only',
      async () => {
        const body = await multipart([{ name: 'file', content: 'not a file' }]);
        return [body.headers['content-type'] ?? '', body.payload];
      },
    ],
    ['a mixed subtype', () => Promise.resolve(['multipart/mixed; boundary=xyz', part('xyz')])],
  ];

  it.each(cases)('%s: a 4xx in the API error shape', async (_name, make) => {
    const [contentType, payload] = await make();
    const res = await send(contentType, payload);
    expect([400, 413, 415], res.body).toContain(res.statusCode);
    expect(errorResponseSchema.safeParse(res.json()).success, res.body).toBe(true);
  });

  it('two files: the first is taken, never a 5xx', async () => {
    const body = await multipart([
      { name: 'file', content: png, filename: 'a.png' },
      { name: 'file', content: png, filename: 'b.png' },
    ]);
    const res = await send(body.headers['content-type'] ?? '', body.payload);
    expect([200, 413]).toContain(res.statusCode);
  });
});
