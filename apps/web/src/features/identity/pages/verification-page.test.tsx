import type { IdentityResponse } from '@casino/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { apiError, json, mockApi } from '../../../test/api-mock';
import { notStartedIdentity } from '../../../test/identity-api';
import { renderWithProviders } from '../../../test/render';
import { VerificationPage } from './verification-page';
import { signedInInEnglish } from '../../../test/signed-in';

const rejected: IdentityResponse = {
  ...notStartedIdentity,
  status: 'rejected',
  reason: 'The passport photo is blurred.',
  documents: [
    {
      kind: 'identity',
      content_type: 'image/jpeg',
      size: 2_500_000,
      uploaded_at: '2026-11-25T10:00:00Z',
    },
    {
      kind: 'address',
      content_type: 'application/pdf',
      size: 300_000,
      uploaded_at: '2026-11-25T10:01:00Z',
    },
  ],
};

const choose = (kind: string, file: File) =>
  fireEvent.change(screen.getByTestId(`identity-file-${kind}`), { target: { files: [file] } });
const pdf = () => new File(['%PDF-1.7\n%%EOF'], 'bill.pdf', { type: 'application/pdf' });

signedInInEnglish();

describe('verification page', () => {
  it('shows a rejection with the operator reason and what was sent', async () => {
    mockApi({ 'GET /identity': () => json(200, rejected) });
    renderWithProviders(<VerificationPage />, { path: '/profile/verification' });
    expect((await screen.findByTestId('identity-reason')).textContent).toContain(
      'Reason: The passport photo is blurred.',
    );
    expect(screen.getByTestId('identity-status')?.textContent).toContain('Rejected');
    expect(screen.getByTestId('identity-document-identity')?.textContent).toContain('2.4 MB');
    expect(screen.getByTestId('identity-choose-identity')?.textContent).toContain(
      'Replace the file',
    );
  });

  it('refuses a file that is not a JPEG, PNG or PDF by its content before sending anything', async () => {
    const seen = mockApi({ 'GET /identity': () => json(200, notStartedIdentity) });
    renderWithProviders(<VerificationPage />, { path: '/profile/verification' });
    await screen.findByTestId('identity-choose-identity');
    choose(
      'identity',
      new File(['<html>not a photo</html>'], 'passport.jpg', { type: 'image/jpeg' }),
    );
    expect((await screen.findByTestId('identity-error-identity')).textContent).toContain(
      'This file is not a JPEG, PNG or PDF.',
    );
    choose('identity', new File([], 'empty.png', { type: 'image/png' }));
    expect((await screen.findByTestId('identity-error-identity')).textContent).toContain(
      'The file is empty.',
    );
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('uploads a document and shows the check pending', async () => {
    const seen = mockApi({
      'GET /identity': () => json(200, notStartedIdentity),
      'POST /identity/documents/address': () =>
        json(200, {
          ...notStartedIdentity,
          status: 'pending',
          documents: [
            {
              kind: 'address',
              content_type: 'application/pdf',
              size: 14,
              uploaded_at: '2026-11-25T10:01:00Z',
            },
          ],
        }),
    });
    renderWithProviders(<VerificationPage />, { path: '/profile/verification' });
    await screen.findByTestId('identity-choose-address');
    choose('address', pdf());
    await waitFor(() =>
      expect(screen.getByTestId('identity-status')?.textContent).toContain('Under review'),
    );
    const post = seen.find((r) => r.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(screen.getByTestId('identity-document-address')?.textContent).toContain('14 B');
  });

  it.each([
    [
      'the server refuses the file',
      415,
      'IDENTITY_DOCUMENT_UNSUPPORTED',
      'This file is not a JPEG, PNG or PDF.',
    ],
    [
      'a PDF with active content or a pixel flood was refused (issue 25)',
      422,
      'IDENTITY_DOCUMENT_REFUSED',
      'a PDF must carry no scripts, actions, attached files or password',
    ],
    [
      'too many files were sent in the last hour',
      429,
      'RATE_LIMITED',
      'Too many uploads in the last hour: try again later.',
    ],
  ] as const)('says why when %s', async (_when, status, code, text) => {
    mockApi({
      'GET /identity': () => json(200, notStartedIdentity),
      'POST /identity/documents/identity': () => apiError(status, code),
    });
    renderWithProviders(<VerificationPage />, { path: '/profile/verification' });
    await screen.findByTestId('identity-choose-identity');
    choose('identity', pdf());
    expect((await screen.findByTestId('identity-error-identity')).textContent).toContain(text);
  });

  it('in Russian too', async () => {
    await i18n.changeLanguage('ru');
    mockApi({ 'GET /identity': () => json(200, rejected) });
    renderWithProviders(<VerificationPage />, { path: '/profile/verification' });
    expect((await screen.findByTestId('identity-status')).textContent).toContain('Отклонена');
  });
});
