import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FaqAccordion } from './faq-accordion';

const sections = [
  {
    title: 'Account',
    items: [
      { id: '1-1', question: 'How do I register?', answer: 'Choose **Register**.' },
      { id: '1-2', question: 'I forgot my password', answer: 'Write to support.' },
    ],
  },
  { title: 'Deposits', items: [{ id: '2-1', question: 'How to deposit?', answer: 'By card.' }] },
];

const expanded = () =>
  screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded') === 'true');

describe('FaqAccordion (SPEC §4)', () => {
  it('has none open, opens one at a time, and closes the open one on a second click', () => {
    renderWithProviders(<FaqAccordion sections={sections} />);
    expect(expanded()).toEqual([false, false, false]);
    fireEvent.click(screen.getByRole('button', { name: 'How do I register?' }));
    expect(expanded()).toEqual([true, false, false]);
    // The answer's Markdown is rendered (bold), and its region is labelled by the question.
    expect(
      screen.getByRole('region', { name: 'How do I register?' }).querySelector('strong'),
    ).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'How to deposit?' }));
    expect(expanded()).toEqual([false, false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'How to deposit?' }));
    expect(expanded()).toEqual([false, false, false]);
  });

  it('moves between questions with the arrow keys, Home and End (buttons toggle natively)', () => {
    renderWithProviders(<FaqAccordion sections={sections} />);
    const button = (name: string) => screen.getByRole('button', { name });
    button('How do I register?').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('I forgot my password'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(button('How to deposit?'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('How do I register?'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(button('How to deposit?'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(button('How do I register?'));
    // A closed answer is inert: nothing inside it can take the focus.
    const region = screen.getByRole('region', { name: 'How do I register?', hidden: true });
    expect(region.hasAttribute('inert')).toBe(true);
  });
});
