import { expect, type Page } from '@playwright/test';
import { pngDocument } from '../../../web/e2e/support/identity';

/**
 * The player's side of the back office's journey, through the players' app on the same
 * server: a card deposit, the identity documents, a withdrawal (the steps cashier.spec.ts and
 * identity.spec.ts test in detail).
 */

export async function depositByCard(page: Page, sum: string): Promise<void> {
  await page.goto('/profile/balance/credit');
  await page.getByTestId('card-sum').fill(sum);
  await page.getByTestId('card-name').fill('Ivan Petrov');
  await page.getByTestId('card-card').pressSequentially('4242424242424242');
  await page.getByTestId('card-expiry').pressSequentially('1234');
  await page.getByTestId('card-cvv').fill('123');
  await page.getByTestId('card-submit').click();
  await expect(page.getByTestId('card-pay-form')).toBeVisible();
  await page.getByTestId('pay-phone').pressSequentially('+375291234567');
  await page.getByTestId('pay-phone').blur();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-status')).toContainText(`$${sum}.00`, {
    timeout: 15_000,
  });
}

/**
 * A one-page bill with something on it: a blue band across the top half and a line of text,
 * so that the back office's drawing of its page (pdf.js, decision 081) can be seen and
 * checked (the band's middle is blue, not white).
 */
function billPdf(): Buffer {
  const content =
    '0.15 0.35 0.85 rg 0 100 200 60 re f BT /F1 14 Tf 20 40 Td (Proof of address) Tj ET';
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>stream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${object}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Both documents, as the verification page uploads them; nobody reviews them here. */
export async function sendIdentityDocuments(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  for (const [kind, name, mimeType, buffer] of [
    ['identity', 'id.png', 'image/png', pngDocument()],
    ['address', 'bill.pdf', 'application/pdf', billPdf()],
  ] as const) {
    const res = await page.request.post(`/api/identity/documents/${kind}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

export async function requestWithdrawal(page: Page, sum: string): Promise<void> {
  await page.goto('/profile/balance/widthdrawall');
  await page.getByTestId('withdraw-card-sum').fill(sum);
  await page.getByTestId('withdraw-card-submit').click();
  await expect(page.getByTestId('payment-status')).toContainText('pending');
}

/** A question to support, as the support page sends it. */
export async function askSupport(page: Page, text: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const res = await page.request.post('/api/support/messages', {
    headers: { Authorization: `Bearer ${token}` },
    data: { text },
  });
  expect(res.status(), await res.text()).toBe(201);
}
