import { Buffer } from 'node:buffer';
import process from 'node:process';
import { expect, type Page } from '@playwright/test';
import { makePng } from './png';

const operatorToken = process.env.E2E_OPERATOR_API_TOKEN ?? '';

/** A small real PDF: what a scanned proof of address looks like to the server. */
export const pdfDocument = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

export const pngDocument = () => makePng(40, 24);

/** The signed-in player's access token and id, as the page holds them. */
async function signedIn(page: Page): Promise<{ token: string; id: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const me = await page.request.get('/api/user/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  return { token, id: ((await me.json()) as { id: string }).id };
}

/** The operator's decision through POST /api/operator/identity/checks/{id}/verify. */
export async function operatorVerifies(page: Page, userId: string): Promise<void> {
  const res = await page.request.post(`/api/operator/identity/checks/${userId}/verify`, {
    headers: { Authorization: `Bearer ${operatorToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Sends both documents through the API and has the operator verify them: for browser tests
 * that withdraw (the first withdrawal needs a verified identity, decision 052).
 */
export async function verifyIdentityThroughApi(page: Page): Promise<void> {
  const { token, id } = await signedIn(page);
  for (const [kind, name, mimeType, buffer] of [
    ['identity', 'id.png', 'image/png', pngDocument()],
    ['address', 'bill.pdf', 'application/pdf', pdfDocument],
  ] as const) {
    const res = await page.request.post(`/api/identity/documents/${kind}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await operatorVerifies(page, id);
}

export async function userIdOf(page: Page): Promise<string> {
  return (await signedIn(page)).id;
}
