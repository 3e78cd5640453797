import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedGif, halvesJpegWithExif, multipart, pngBomb, solid } from '../helpers/images';
import { bearer, createPlayer, errorOf, me, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { avatars, users } from '../../src/db/schema';

describe('avatars', () => {
  let t: TestApp;
  let player: SignedInPlayer;
  beforeAll(async () => {
    t = await buildTestApp();
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(
    who: SignedInPlayer,
    content: Buffer | string,
    filename = 'picture.png',
    type = 'image/png',
    field = 'file',
  ) {
    const body = await multipart([{ name: field, content, filename, type }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(who.accessToken), ...body.headers },
      payload: body.payload,
    });
  }

  async function served(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    return { res, image: res.statusCode === 200 ? sharp(res.rawPayload) : undefined };
  }

  const storedNames = async () =>
    (await t.db.select({ name: avatars.name }).from(avatars)).map((row) => row.name);

  it('accepts a PNG: 256×256 WebP under a stable URL, answered with the player', async () => {
    const res = await upload(player, await solid(800, 600).png().toBuffer());
    expect(res.statusCode).toBe(200);
    const body = res.json<{ avatar: string; id: string; balance: string }>();
    expect(body).toMatchObject({ id: player.id, balance: '0.00' });
    expect(body.avatar).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.webp$/);
    expect((await me(t, player.accessToken)).json()).toMatchObject({ avatar: body.avatar });

    const { res: file, image } = await served(body.avatar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await image?.metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('accepts a JPEG: orientation applied, EXIF stripped', async () => {
    const jpeg = await halvesJpegWithExif(6);
    expect(jpeg.includes('EXIF-SECRET-MARK')).toBe(true);
    const res = await upload(player, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { res: file, image } = await served(res.json<{ avatar: string }>().avatar);
    expect(file.rawPayload.includes('EXIF-SECRET-MARK')).toBe(false);
    expect(file.rawPayload.includes('GPS-HOME-ADDRESS')).toBe(false);
    const meta = await image?.metadata();
    expect(meta?.exif).toBeUndefined();
    expect(meta?.orientation).toBeUndefined();
    // Orientation 6 turns the picture a quarter clockwise: the red left half is now on top.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const [topRed, , topBlue] = pixel(128, 20);
    const [bottomRed, , bottomBlue] = pixel(128, 235);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('accepts an animated GIF and keeps its first frame', async () => {
    const res = await upload(player, await animatedGif(), 'dance.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const { res: file, image } = await served(res.json<{ avatar: string }>().avatar);
    const meta = await image?.metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta?.pages ?? 1).toBe(1);
    const { data } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // Green first frame, not the red second one.
    expect(data[1]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
  });

  it('accepts a WebP', async () => {
    const res = await upload(
      player,
      await solid(300, 300).webp().toBuffer(),
      'a.webp',
      'image/webp',
    );
    expect(res.statusCode).toBe(200);
  });

  it('removes the old file once the account points at the new one', async () => {
    const first = await upload(player, await solid(100, 100, '#112233').png().toBuffer());
    const firstUrl = first.json<{ avatar: string }>().avatar;
    const second = await upload(player, await solid(100, 100, '#445566').png().toBuffer());
    const secondUrl = second.json<{ avatar: string }>().avatar;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await served(firstUrl)).res.statusCode).toBe(404);
    expect((await served(secondUrl)).res.statusCode).toBe(200);
    const names = await storedNames();
    expect(names).toContain(secondUrl.split('/').at(-1));
    expect(names).not.toContain(firstUrl.split('/').at(-1));
  });

  it('keeps pictures in the database, not in DATA_DIR (every instance serves them)', async () => {
    const res = await upload(player, await solid(64, 64).png().toBuffer());
    const name = res.json<{ avatar: string }>().avatar.split('/').at(-1) ?? '';
    const rows = await t.db.select().from(avatars).where(eq(avatars.name, name));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: player.id, contentType: 'image/webp' });
    expect(rows[0]?.byteLength).toBe(rows[0]?.bytes.length);
    const folder = await readdir(join(t.config.dataDir, 'avatars')).catch(() => []);
    expect(folder).not.toContain(name);
    const { res: file } = await served(`/api/avatars/${name}`);
    expect(file.headers.etag).toBe(`"${name.slice(0, 32)}"`);
  });

  it('reads through the old DATA_DIR/avatars folder and moves a picture in use into the table', async () => {
    const owner = await createPlayer(t);
    const name = `${'ab'.repeat(16)}.webp`;
    const webp = await solid(256, 256, '#00ff00').webp().toBuffer();
    await mkdir(join(t.config.dataDir, 'avatars'), { recursive: true });
    await writeFile(join(t.config.dataDir, 'avatars', name), webp);
    await t.db.update(users).set({ avatar: name }).where(eq(users.id, owner.id));

    const { res } = await served(`/api/avatars/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(res.rawPayload, webp)).toBe(0);
    expect(await storedNames()).toContain(name);

    // Replacing it removes the row and the old file alike.
    await upload(owner, await solid(64, 64).png().toBuffer());
    expect(await storedNames()).not.toContain(name);
    expect(await readdir(join(t.config.dataDir, 'avatars'))).not.toContain(name);
    expect((await served(`/api/avatars/${name}`)).res.statusCode).toBe(404);
  });

  it('judges by content: a PNG named x.svg and sent as SVG is accepted', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const res = await upload(player, png, 'x.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(200);
  });

  it('judges by content: an SVG named x.png and sent as PNG is refused', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>';
    const res = await upload(player, svg, 'x.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('IMAGE_UNSUPPORTED');
  });

  it.each([
    ['plain text', () => Promise.resolve(Buffer.from('hello, I am not a picture'))],
    ['a TIFF', () => solid(32, 32).tiff().toBuffer()],
    ['an AVIF (HEIF)', () => solid(32, 32).avif().toBuffer()],
    ['a truncated PNG', async () => (await solid(256, 256).png().toBuffer()).subarray(0, 200)],
  ])('refuses %s with 400 IMAGE_UNSUPPORTED', async (_what, make) => {
    const res = await upload(player, await make());
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('IMAGE_UNSUPPORTED');
  });

  it('refuses a decompression bomb quickly, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const res = await upload(player, bomb, 'tiny.png');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('IMAGE_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an image wider than 4096 pixels', async () => {
    const res = await upload(player, await solid(4097, 10).png().toBuffer());
    expect(errorOf(res).code).toBe('IMAGE_TOO_LARGE');
    expect((await upload(player, await solid(4096, 10).png().toBuffer())).statusCode).toBe(200);
  });

  it('refuses a declared body over 1 MB with 413 before reading it', async () => {
    const res = await upload(player, Buffer.alloc(1024 * 1024 + 100 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a file over 1 MB inside a body of acceptable length', async () => {
    // 1 MiB + 1 byte of file: the declared length passes the early check; the stream limit cuts it.
    const res = await upload(player, Buffer.alloc(1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 over HTTP while the client is still sending, reading only a little', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL('/api/user/change/avatar', address);
    const declared = 50 * 1024 * 1024;
    const answer = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          ...bearer(player.accessToken),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(declared),
        },
      });
      req.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        req.destroy();
      });
      req.on('error', (error) => {
        if (sent === 0) reject(error);
      });
      // Sends slowly, one 64 KiB chunk at a time, never the whole body.
      const chunk = Buffer.alloc(64 * 1024, 1);
      const timer = setInterval(() => {
        if (req.destroyed || sent >= declared) {
          clearInterval(timer);
          return;
        }
        sent += chunk.length;
        req.write(chunk);
      }, 5);
    });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(5 * 1024 * 1024);
  });

  it('answers 400 FILE_MISSING without a "file" part', async () => {
    const other = await upload(
      player,
      await solid(10, 10).png().toBuffer(),
      'a.png',
      'image/png',
      'picture',
    );
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).code).toBe('FILE_MISSING');
    const empty = await multipart([{ name: 'note', content: 'no file here' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(player.accessToken), ...empty.headers },
      payload: empty.payload,
    });
    expect(errorOf(res).code).toBe('FILE_MISSING');
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: bearer(player.accessToken),
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('needs a signed-in player, and refuses a guest before reading the body', async () => {
    const body = await multipart([
      { name: 'file', content: await solid(10, 10).png().toBuffer(), filename: 'a.png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes only the uploader avatar', async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    const aUpload = await upload(a, await solid(64, 64).png().toBuffer());
    const aAvatar = aUpload.json<{ avatar: string }>().avatar;
    const bUpload = await upload(b, await solid(64, 64, '#000000').png().toBuffer());
    expect(bUpload.json()).toMatchObject({ id: b.id });
    expect((await me(t, a.accessToken)).json()).toMatchObject({ avatar: aAvatar });
    expect((await served(aAvatar)).res.statusCode).toBe(200);
  });

  it('serves nothing but generated names', async () => {
    for (const url of [
      '/api/avatars/..%2F..%2Fsecrets.json',
      '/api/avatars/secrets.json',
      '/api/avatars/ABCDEF0123456789abcdef0123456789.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/avatars/${'0'.repeat(32)}.webp`,
    });
    expect(missing.statusCode).toBe(404);
  });
});
