import { storageKeys, type Me } from '@casino/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../shared/lib/format';
import { me } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { meQueryKey, useAuthStore } from '../../auth';
import { HeaderAccount } from '../../../app/layout/header-account';
import { useLiveBalance } from './use-live-balance';

/** The part of the shell under test: the hook and the header's balance. */
function Shell() {
  useLiveBalance();
  return (
    <>
      <HeaderAccount />
      <Link to="/">lobby</Link>
      <Link to="/play/pragmatic/vs20fruits">play</Link>
      <Outlet />
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>home</p> },
      { path: '/play/:provider/:gameId', element: <p>game</p> },
    ],
  },
];

interface Seen {
  path: string;
  authorization: string | null;
  signal: AbortSignal | null | undefined;
}

let seen: Seen[];
let meBalance: string;
let streams: ReadableStreamDefaultController<Uint8Array>[];

function push(balance: string, index = streams.length - 1) {
  streams[index]?.enqueue(
    new TextEncoder().encode(`event: balance\ndata: {"balance":"${balance}","currency":"USD"}\n\n`),
  );
}

beforeEach(() => {
  seen = [];
  streams = [];
  meBalance = '10.00';
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = input instanceof Request ? input.url : input.toString();
    const path = new URL(href, 'http://localhost').pathname;
    seen.push({
      path,
      authorization: new Headers(init.headers).get('Authorization'),
      signal: init.signal,
    });
    if (path === '/api/wallet/stream') {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          streams.push(controller);
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    }
    if (path === '/api/user/me') {
      return Promise.resolve(
        new Response(JSON.stringify({ ...me, balance: meBalance }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
  vi.unstubAllGlobals();
});

function signIn(balance = '10.00') {
  localStorage.setItem(storageKeys.token, 'access-1');
  useAuthStore.getState().setUser({
    id: me.id,
    username: me.username,
    email: me.email,
    avatar: null,
    balance,
    createdAt: me.created_at,
  });
}

const shown = () => screen.getByTestId('header-balance');
const money = (amount: string) => formatMoney(amount, 'ru');
const streamCalls = () => seen.filter((s) => s.path === '/api/wallet/stream');
const meCalls = () => seen.filter((s) => s.path === '/api/user/me');

describe('useLiveBalance', () => {
  it('opens no stream for a guest', async () => {
    renderWithProviders({ routes });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('follows the stream into the header and the `me` cache, flashing the change', async () => {
    signIn();
    const { queryClient } = renderWithProviders({ routes });
    queryClient.setQueryData<Me>(meQueryKey, { ...me, balance: '10.00' });
    await vi.waitFor(() => expect(streamCalls()).toHaveLength(1));
    expect(streamCalls()[0]?.authorization).toBe('Bearer access-1');
    expect(shown().textContent).toBe(money('10.00'));
    expect(shown().dataset.change).toBeUndefined();

    act(() => push('10.00'));
    act(() => push('12.50'));
    await vi.waitFor(() => expect(shown().textContent).toBe(money('12.50')));
    expect(shown().dataset.change).toBe('up');
    expect(queryClient.getQueryData<Me>(meQueryKey)?.balance).toBe('12.50');

    act(() => push('11.00'));
    await vi.waitFor(() => expect(shown().dataset.change).toBe('down'));
    expect(shown().textContent).toBe(money('11.00'));
  });

  it('reads GET /user/me again when the player leaves the game frame', async () => {
    signIn();
    renderWithProviders({ routes }, { path: '/play/pragmatic/vs20fruits' });
    await vi.waitFor(() => expect(streamCalls()).toHaveLength(1));
    expect(meCalls()).toHaveLength(0);
    meBalance = '7.25';
    fireEvent.click(screen.getByText('lobby'));
    await vi.waitFor(() => expect(shown().textContent).toBe(money('7.25')));
    expect(meCalls()).toHaveLength(1);
    // Going into a game reads nothing.
    fireEvent.click(screen.getByText('play'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(meCalls()).toHaveLength(1);
  });

  it('reads GET /user/me again when the window gets the focus back', async () => {
    signIn();
    renderWithProviders({ routes });
    await vi.waitFor(() => expect(streamCalls()).toHaveLength(1));
    meBalance = '99.00';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await vi.waitFor(() => expect(shown().textContent).toBe(money('99.00')));
  });

  it('closes the stream on sign-out and ignores what is still in flight', async () => {
    signIn();
    renderWithProviders({ routes });
    await vi.waitFor(() => expect(streamCalls()).toHaveLength(1));
    act(() => useAuthStore.getState().logout());
    expect(streamCalls()[0]?.signal?.aborted).toBe(true);
    expect(useAuthStore.getState().user).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(streamCalls()).toHaveLength(1);
  });
});
