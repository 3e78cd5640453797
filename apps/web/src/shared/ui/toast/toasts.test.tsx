import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { useToastStore } from './toast-store';

/** SPEC §9: the toast's exit animation lasts 0.3 s. */
const toastExitMs = 300;
import { Toasts } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.useRealTimers();
});

describe('<Toasts />', () => {
  it('shows success and error toasts and dismisses one on click', () => {
    render(<Toasts />);
    act(() => {
      useToastStore.getState().add({ status: 'success', title: 'Login', message: 'Welcome' });
      useToastStore.getState().add({ status: 'error', message: 'Login is Failed' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((toast) => toast.dataset.status)).toEqual(['success', 'error']);
    expect(toasts[0]?.textContent).toContain('Welcome');

    fireEvent.click(toasts[0]!);
    act(() => {
      vi.advanceTimersByTime(toastExitMs);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toContain('Login is Failed');
  });
});
