import type { PlayerDetail } from '@casino/contracts/operator';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, staffMe } from '../../../test/render';
import { AdjustDialog } from './adjust-dialog';

afterEach(() => vi.unstubAllGlobals());

const player = {
  id: '8a1d0f1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  username: 'anna',
  cash: '40.00',
  currency: 'USD',
} as PlayerDetail;

describe('a manual adjustment', () => {
  it('needs a signed amount with two decimals and a reason before anything is sent', async () => {
    const { calls } = mockApi({ 'GET /api/operator/auth/me': staffMe(['payments']) });
    renderAt(<AdjustDialog player={player} open onClose={() => undefined} />);
    expect(
      await screen.findByText(
        'Above 500.00 USD a second staff member must approve before the money moves.',
      ),
    ).toBeTruthy();
    fireEvent.input(screen.getByTestId('adjust-amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post adjustment' }));
    expect(await screen.findByText('The format is not valid.')).toBeTruthy();
    expect(screen.getByText('Required.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends one idempotency key for the opening, so a retry posts once', async () => {
    let answers = 0;
    const { calls } = mockApi({
      'GET /api/operator/auth/me': staffMe(['payments']),
      [`POST /api/operator/players/${player.id}/adjustments`]: () =>
        ++answers === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'try again' } } }
          : {
              status: 202,
              body: {
                outcome: 'awaiting_second_approval',
                approval: {
                  id: '3c1f5a7e-0d2b-4c6e-9a8b-7d6e5f4a3b2c',
                  kind: 'adjustment',
                  status: 'waiting',
                  user_id: player.id,
                  username: 'anna',
                  amount: '750.00',
                  reason: 'Goodwill',
                  payment_id: null,
                  requested_by: 'ann@orbita.test',
                  requested_at: '2026-11-26T12:00:00.000Z',
                  decided_by: null,
                  decided_at: null,
                  failure: null,
                },
              },
            },
    });
    const onClose = vi.fn();
    renderAt(<AdjustDialog player={player} open onClose={onClose} />);
    fireEvent.input(await screen.findByTestId('adjust-amount'), { target: { value: '750.00' } });
    fireEvent.input(screen.getByTestId('adjust-reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post adjustment' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post adjustment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((call) => call.body as { idempotencyKey: string });
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(posts[1]?.body).toMatchObject({ amount: '750.00', reason: 'Goodwill' });
  });
});
