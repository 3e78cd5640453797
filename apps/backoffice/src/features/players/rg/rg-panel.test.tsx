import type { RgOperatorPlayerResponse } from '@casino/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, staffMe } from '../../../test/render';
import { RgPanel } from './rg-panel';

afterEach(() => vi.unstubAllGlobals());

// jsdom's <dialog> has neither showModal nor close: the browser's behaviour, in short.
beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

const userId = '8a1d0f1e-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const path = `/api/operator/responsible-gaming/players/${userId}`;

const view = (o: Partial<RgOperatorPlayerResponse> = {}): RgOperatorPlayerResponse => ({
  user_id: userId,
  status: {
    limits: [
      {
        kind: 'loss',
        period: 'week',
        amount: '50.00',
        used: '12.00',
        available: '38.00',
        pending: { amount: '90.00', confirmable_at: '2026-11-27T10:00:00.000Z' },
        set_by: 'player',
      },
    ],
    reality_check_minutes: 30,
    session_limit: { minutes: 120, played_minutes: 45, pending: null },
    block: null,
    warnings: [],
    national_scheme_url: null,
  },
  history: [
    {
      id: '2',
      action: 'limit_raise_requested',
      actor: 'player',
      reason: null,
      old_value: { kind: 'loss', period: 'week', amount: '50000' },
      new_value: { kind: 'loss', period: 'week', amount: '90000' },
      created_at: '2026-11-26T10:00:00.000Z',
    },
  ],
  flags: [
    { flag: 'net_deposits', detail: 'net deposits $6000.00 in 30 days (threshold $5000.00)' },
  ],
  ...o,
});

describe('the responsible gaming panel', () => {
  it('shows limits with the pending change, play time, flags and history; no forms to read-only staff', async () => {
    mockApi({
      'GET /api/operator/auth/me': staffMe(['support'], {
        permissions: ['players:read', 'limits:read'],
      }),
      [`GET ${path}`]: view(),
    });
    renderAt(<RgPanel userId={userId} />);
    const limits = await screen.findByTestId('rg-limits');
    const row = within(limits).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Loss');
    expect(row.textContent).toContain('7 days');
    expect(row.textContent).toContain('50.00 USD');
    expect(row.textContent).toContain('12.00 USD');
    expect(row.textContent).toMatch(/90\.00 USD from /);
    expect(screen.getByTestId('rg-block').textContent).toBe('None in force.');
    expect(screen.getByText('Every 30 min')).toBeTruthy();
    expect(screen.getByTestId('rg-flags').textContent).toContain('Net deposits');
    const history = within(screen.getByTestId('rg-history')).getAllByRole('row')[1]!;
    expect(history.textContent).toContain('Player');
    expect(history.textContent).toContain('Raise asked');
    expect(history.textContent).toContain('Loss · 7 days · 50.00 USD');
    expect(history.textContent).toContain('Loss · 7 days · 90.00 USD');
    expect(screen.queryByTestId('rg-limit-form')).toBeNull();
    expect(screen.queryByTestId('rg-block-form')).toBeNull();
  });

  it('a risk staff member adds a limit with a reason; the answer shows at once', async () => {
    const { calls } = mockApi({
      'GET /api/operator/auth/me': staffMe(['risk']),
      [`GET ${path}`]: view({ history: [], flags: [] }),
      [`POST ${path}/limits`]: view({
        history: [
          {
            id: '3',
            action: 'limit_set',
            actor: 'staff:risk@orbita.test',
            reason: 'Affordability review',
            old_value: null,
            new_value: { kind: 'deposit', period: 'day', amount: '25000' },
            created_at: '2026-11-26T11:00:00.000Z',
          },
        ],
      }),
    });
    renderAt(<RgPanel userId={userId} />);
    expect(await screen.findByText('No change yet.')).toBeTruthy();
    expect(screen.getByTestId('rg-no-flags').textContent).toBe('No flag in the last 30 days.');
    fireEvent.input(screen.getByTestId('rg-amount'), { target: { value: '25.00' } });
    fireEvent.click(screen.getByTestId('rg-limit-submit'));
    // The reason is mandatory: nothing is sent without it.
    expect(await screen.findByText('Required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.input(screen.getByTestId('rg-limit-reason'), {
      target: { value: 'Affordability review' },
    });
    fireEvent.click(screen.getByTestId('rg-limit-submit'));
    const history = await screen.findByTestId('rg-history');
    expect(history.textContent).toContain('risk@orbita.test');
    expect(history.textContent).toContain('Deposit · 24 hours · 25.00 USD');
    expect(history.textContent).toContain('Affordability review');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'deposit',
      period: 'day',
      amount: '25.00',
      reason: 'Affordability review',
    });
  });

  it('says clearly that staff cannot raise a limit (409 RG_NOT_ALLOWED)', async () => {
    mockApi({
      'GET /api/operator/auth/me': staffMe(['risk']),
      [`GET ${path}`]: view(),
      [`POST ${path}/limits`]: () => ({
        status: 409,
        body: { error: { code: 'RG_NOT_ALLOWED', message: 'Staff may not raise a limit.' } },
      }),
    });
    renderAt(<RgPanel userId={userId} />);
    fireEvent.change(await screen.findByTestId('rg-kind'), { target: { value: 'loss' } });
    fireEvent.change(screen.getByTestId('rg-period'), { target: { value: 'week' } });
    fireEvent.input(screen.getByTestId('rg-amount'), { target: { value: '80.00' } });
    fireEvent.input(screen.getByTestId('rg-limit-reason'), { target: { value: 'Asked by phone' } });
    fireEvent.click(screen.getByTestId('rg-limit-submit'));
    expect((await screen.findByTestId('rg-refusal')).textContent).toBe(
      'Not allowed: staff can add or lower a limit, or add a time-out or exclusion, but never raise or lift what is in force.',
    );
  });

  it('starts a self-exclusion only after the confirmation, with the reason', async () => {
    const until = '2031-11-26T11:00:00.000Z';
    const answered = view();
    answered.status.block = { kind: 'self_exclusion', until };
    const { calls } = mockApi({
      'GET /api/operator/auth/me': staffMe(['risk']),
      [`GET ${path}`]: view(),
      [`POST ${path}/blocks`]: answered,
    });
    renderAt(<RgPanel userId={userId} />);
    fireEvent.change(await screen.findByTestId('rg-block-kind'), {
      target: { value: 'self_exclusion' },
    });
    const durations = screen.getByTestId<HTMLSelectElement>('rg-block-duration');
    await waitFor(() =>
      expect([...durations.options].map((o) => o.text)).toEqual([
        '6 months',
        '1 year',
        '5 years',
        'Permanent',
      ]),
    );
    fireEvent.change(durations, { target: { value: '5y' } });
    fireEvent.input(screen.getByTestId('rg-block-reason'), {
      target: { value: 'Asked by the player on the phone' },
    });
    fireEvent.click(screen.getByTestId('rg-block-submit'));
    expect(
      await screen.findByText(
        'Start a self-exclusion of 5 years for this player now? It cannot be undone.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('rg-block-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('rg-block').textContent).toMatch(/^Self-exclusion until /),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'self_exclusion',
      duration: '5y',
      reason: 'Asked by the player on the phone',
    });
  });

  it('shows a failed load with Retry', async () => {
    let answers = 0;
    mockApi({
      'GET /api/operator/auth/me': staffMe(['risk']),
      [`GET ${path}`]: () =>
        ++answers === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }
          : { body: view() },
    });
    renderAt(<RgPanel userId={userId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('rg-limits')).toBeTruthy();
  });
});
