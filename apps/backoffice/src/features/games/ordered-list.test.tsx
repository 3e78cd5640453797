import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n/i18n';
import { moved, OrderedList } from './ordered-list';

function Sections({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <OrderedList
      items={items}
      keyOf={(item) => item}
      nameOf={(item) => item}
      render={(item) => item}
      onChange={setItems}
      testId="list"
    />
  );
}

const order = () => screen.getAllByTestId('ordered-item').map((item) => item.textContent);

describe('an ordered list moved with its buttons', () => {
  it('moves one item one place and leaves the others in order', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('gives the focus to the moved item in the same update, before the next key', () => {
    render(<Sections initial={['Banners', 'Top games', 'Recent games']} />);
    act(() => screen.getByRole('button', { name: 'Move up: Top games' }).focus());
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Top games' }));
    expect(order()).toEqual(['1Top games', '2Banners', '3Recent games']);
    // First now: it has no Up button, so its Down button has the focus, with no frame waited.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move down: Top games' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Top games' }));
    expect(order()).toEqual(['1Banners', '2Top games', '3Recent games']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move down: Top games' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Top games' }));
    // Last now: its Up button has the focus.
    expect(order()).toEqual(['1Banners', '2Recent games', '3Top games']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: Top games' }));
  });
});
