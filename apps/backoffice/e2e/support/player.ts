import { expect, type Page } from '@playwright/test';
import { pdfDocument, pngDocument } from '../../../web/e2e/support/identity';

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

/** Both documents, as the verification page uploads them; nobody reviews them here. */
export async function sendIdentityDocuments(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
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
}

export async function requestWithdrawal(page: Page, sum: string): Promise<void> {
  await page.goto('/profile/balance/widthdrawall');
  await page.getByTestId('withdraw-card-sum').fill(sum);
  await page.getByTestId('withdraw-card-submit').click();
  await expect(page.getByTestId('payment-status')).toContainText('pending');
}
