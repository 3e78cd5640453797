import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown';

const options = [
  { value: 'en', label: 'English (US)' },
  { value: 'ru', label: 'Russian (Ru)' },
] as const;

function setup() {
  const onChange = vi.fn();
  render(
    <Dropdown label="Language" value="en" options={options} onChange={onChange} testId="lang" />,
  );
  return { onChange, button: screen.getByTestId('lang') };
}

describe('<Dropdown />', () => {
  it('names the button by its label and value', () => {
    const { button } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const names = (button.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(names).toEqual(['Language', 'English (US)']);
  });

  it('picks an option with the keyboard', () => {
    const { onChange, button } = setup();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const listbox = screen.getByRole('listbox');
    expect(document.activeElement).toBe(listbox);
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    fireEvent.keyDown(listbox, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('ru');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape without choosing', () => {
    const { onChange, button } = setup();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('picks an option with a click', () => {
    const { onChange, button } = setup();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('option', { name: 'Russian (Ru)' }));
    expect(onChange).toHaveBeenCalledWith('ru');
  });
});
