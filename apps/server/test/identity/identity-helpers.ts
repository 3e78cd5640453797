import type { IdentityResponse } from '@casino/contracts';
import { multipart, solid } from '../helpers/images';
import { bearer, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';

export const operatorToken = 'operator-token-0123456789abcdefghijklmnop';
export const operator = { authorization: `Bearer ${operatorToken}` };

/** A real (tiny) PDF: the header, one empty page, the trailer. */
export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

export const pngDocument = () => solid(32, 20).png().toBuffer();
export const jpegDocument = () => solid(32, 20).jpeg().toBuffer();

export async function upload(
  t: TestApp,
  player: SignedInPlayer,
  kind: string,
  content: Buffer | string,
  options: { filename?: string; type?: string; name?: string } = {},
) {
  const body = await multipart([
    {
      name: options.name ?? 'file',
      content,
      filename: options.filename ?? 'document.pdf',
      type: options.type ?? 'application/pdf',
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/identity/documents/${kind}`,
    headers: { ...bearer(player.accessToken), ...body.headers },
    payload: body.payload,
  });
}

export async function identityOf(t: TestApp, player: SignedInPlayer): Promise<IdentityResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/identity',
    headers: bearer(player.accessToken),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<IdentityResponse>();
}

/** Both documents sent: the check is pending. */
export async function submitBoth(t: TestApp, player: SignedInPlayer) {
  const first = await upload(t, player, 'identity', await jpegDocument(), {
    filename: 'passport.jpg',
    type: 'image/jpeg',
  });
  if (first.statusCode !== 200) throw new Error(first.body);
  const second = await upload(t, player, 'address', pdf);
  if (second.statusCode !== 200) throw new Error(second.body);
  return second.json<IdentityResponse>();
}

export function review(t: TestApp, userId: string, action: 'verify' | 'reject', reason?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/identity/checks/${userId}/${action}`,
    headers: operator,
    ...(reason === undefined ? {} : { payload: { reason } }),
  });
}
