import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Log in">
        <button type="button">first</button>
        <button type="button">last</button>
      </Modal>
    </>
  );
}

function openModal() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'opener' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('<Modal />', () => {
  it('is a labelled modal dialog that takes the focus and hides page scrolling', () => {
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Log in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'first' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('closes on Escape and gives the focus back to the opener', () => {
    const opener = openModal();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes with its close button', () => {
    openModal();
    fireEvent.click(screen.getByTestId('modal-close'));
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('keeps the focus in the form when a button or a link of the dialog is pressed', () => {
    render(
      <Modal open onClose={() => undefined} title="Register">
        <input aria-label="username" data-autofocus />
        <label>
          <input type="checkbox" aria-label="terms" /> terms
        </label>
        <a href="/login">Log in</a>
        <button type="button">
          <span>Register</span>
        </button>
      </Modal>,
    );
    const username = screen.getByRole('textbox', { name: 'username' });
    expect(document.activeElement).toBe(username);
    // fireEvent returns false when a handler prevented the default (here: the focus change).
    expect(fireEvent.mouseDown(screen.getByTestId('modal-close'))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole('link', { name: 'Log in' }))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByText('Register', { selector: 'span' }))).toBe(false);
    // A field, or a label that leads to one, is pressed as usual.
    expect(fireEvent.mouseDown(screen.getByRole('checkbox', { name: 'terms' }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByText('terms', { selector: 'label' }))).toBe(true);
    expect(fireEvent.mouseDown(username)).toBe(true);
  });

  it('closes on a click on the backdrop, whose press keeps the focus in the form', () => {
    openModal();
    const focused = document.activeElement;
    const backdrop = screen.getByTestId('modal-backdrop');
    expect(fireEvent.mouseDown(backdrop)).toBe(false);
    expect(document.activeElement).toBe(focused);
    fireEvent.click(backdrop);
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside', () => {
    openModal();
    const close = screen.getByTestId('modal-close');
    const last = screen.getByRole('button', { name: 'last' });

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  // A loading frame replaced by the loaded form (the lazy auth modals). React may mount the
  // new dialog before or after it unmounts the old one: both orders are played here.
  function Swap() {
    const [stage, setStage] = useState<'closed' | 'loading' | 'both' | 'loaded'>('closed');
    const close = () => setStage('closed');
    return (
      <>
        <button type="button" onClick={() => setStage('loading')}>
          opener
        </button>
        <button type="button" onClick={() => setStage('both')}>
          overlap
        </button>
        <button type="button" onClick={() => setStage('loaded')}>
          arrive
        </button>
        {(stage === 'loading' || stage === 'both') && (
          <Modal open onClose={close} title="Log in" name="loading">
            <p>Loading</p>
          </Modal>
        )}
        {(stage === 'both' || stage === 'loaded') && (
          <Modal open onClose={close} title="Log in" name="loaded">
            <input aria-label="e-mail" />
          </Modal>
        )}
      </>
    );
  }

  it.each([
    ['the old one unmounts first', ['arrive']],
    ['the new one mounts first', ['overlap', 'arrive']],
  ])(
    'keeps the focus in a dialog that replaces another (%s), then gives it back to the opener',
    (_order, steps) => {
      render(<Swap />);
      const opener = screen.getByRole('button', { name: 'opener' });
      opener.focus();
      fireEvent.click(opener);
      for (const step of steps) fireEvent.click(screen.getByRole('button', { name: step }));
      const email = screen.getByRole('textbox', { name: 'e-mail' });
      expect(document.activeElement).toBe(email);
      fireEvent.keyDown(email, { key: 'Escape' });
      expect(screen.queryByTestId('modal')).toBeNull();
      expect(document.activeElement).toBe(opener);
    },
  );
});
