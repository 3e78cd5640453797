import type { RgSessionResponse } from '@casino/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { countOf, json, mockApi } from '../../../test/api-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { RealityCheck } from './reality-check';

/**
 * The reality check (decision 070): every N minutes since sign-in, a dialog with the time
 * played and the session's net result; "keep playing" closes it until the next interval, "see
 * my history" opens the statement, "stop" ends the game sessions and leaves for the lobby.
 */
const minute = 60_000;
const signedInAt = new Date('2026-05-04T09:00:00.000Z');

const session = (o: Partial<RgSessionResponse> = {}): RgSessionResponse => ({
  started_at: signedInAt.toISOString(),
  net_result: '-12.50',
  reality_check_minutes: 15,
  block: null,
  session_limit_reached: false,
  ...o,
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderCheck(answer: RgSessionResponse = session()) {
  const seen = mockApi({
    'GET /responsible-gaming/session': () => json(200, answer),
    'GET /responsible-gaming': () =>
      json(200, {
        limits: [],
        reality_check_minutes: answer.reality_check_minutes,
        session_limit: { minutes: null, played_minutes: 0, pending: null },
        block: null,
        warnings: [],
        national_scheme_url: null,
      }),
    'POST /responsible-gaming/session/stop': () => new Response(null, { status: 204 }),
  });
  renderWithProviders(<RealityCheck userId="u1" />, { path: '/play/pragmatic/vs20doghouse' });
  return seen;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // Signed in a minute ago: the first check is due 14 minutes from now.
  vi.setSystemTime(signedInAt.getTime() + minute);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

async function dialogAfterInterval() {
  await advance(14 * minute - 1_000);
  expect(screen.queryByTestId('reality-check')).toBeNull();
  await advance(1_000);
  return screen.findByRole('dialog', { name: 'Reality check' });
}

describe('the reality check', () => {
  it('appears when the interval since sign-in is over, with time played and net result', async () => {
    renderCheck();
    const dialog = await dialogAfterInterval();
    expect(within(dialog).getByTestId('reality-check-played').textContent).toBe(
      'You have been playing for 15 minutes.',
    );
    expect(within(dialog).getByTestId('reality-check-result').textContent).toBe(
      'Your result in this session: −$12.50',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Keep playing', 'See my history', 'Stop playing']));
  });

  it('"keep playing" closes it until the next interval', async () => {
    const seen = renderCheck();
    const dialog = await dialogAfterInterval();
    fireEvent.click(within(dialog).getByTestId('reality-check-keep'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await advance(15 * minute - 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_000);
    expect((await screen.findByTestId('reality-check-played')).textContent).toBe(
      'You have been playing for 30 minutes.',
    );
    expect(countOf(seen, 'POST', '/responsible-gaming/session/stop')).toBe(0);
  });

  it('"see my history" opens the statement', async () => {
    renderCheck();
    const dialog = await dialogAfterInterval();
    fireEvent.click(within(dialog).getByTestId('reality-check-history'));
    await waitFor(() => expect(currentLocation.pathname).toBe('/profile/balance'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"stop" ends the game sessions on the server and leaves the game for the lobby', async () => {
    const seen = renderCheck();
    const dialog = await dialogAfterInterval();
    fireEvent.click(within(dialog).getByTestId('reality-check-stop'));
    await waitFor(() => expect(currentLocation.pathname).toBe('/'));
    expect(countOf(seen, 'POST', '/responsible-gaming/session/stop')).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a net win reads as one', async () => {
    renderCheck(session({ net_result: '7.25' }));
    const dialog = await dialogAfterInterval();
    expect(within(dialog).getByTestId('reality-check-result').textContent).toBe(
      'Your result in this session: +$7.25',
    );
  });

  it('never appears when the player turned it off', async () => {
    renderCheck(session({ reality_check_minutes: 0 }));
    await advance(120 * minute);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
