import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Moves one item of a list by `by` places (-1 up, +1 down); the list itself is not changed. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * An ordered list staff rearrange with buttons, not by dragging (decision 089): Up and Down on
 * every row (the first has no Up, the last no Down), optionally Remove. After a move the focus
 * follows the item, so pressing the same key again moves it on. It moves in the commit that
 * shows the new order (a layout effect), before the next key is handled: on the next frame, a
 * quick Shift+Tab and Enter would act from the old button.
 */
export function OrderedList<T>({
  items,
  keyOf,
  nameOf,
  render,
  onChange,
  removable = false,
  testId,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  onChange: (items: T[]) => void;
  removable?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The button to focus once the moved item is shown in its new place. */
  const focusNext = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (focusNext.current === undefined) return;
    buttons.current.get(focusNext.current)?.focus();
    focusNext.current = undefined;
  });
  const move = (index: number, by: -1 | 1) => {
    const item = items[index]!;
    // The focus follows the item: its same button, or the other one once it reaches an end.
    const to = index + by;
    const want = by === -1 ? (to > 0 ? 'up' : 'down') : to < items.length - 1 ? 'down' : 'up';
    focusNext.current = `${keyOf(item)}:${want}`;
    onChange(moved(items, index, by));
  };
  const ref = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(key, node);
    else buttons.current.delete(key);
  };
  return (
    <ol className="ordered" data-testid={testId}>
      {items.map((item, index) => {
        const key = keyOf(item);
        const name = nameOf(item);
        return (
          <li key={key} className="ordered-item" data-testid="ordered-item">
            <span className="ordered-place" aria-hidden="true">
              {index + 1}
            </span>
            <span className="ordered-body">{render(item, index)}</span>
            <span className="ordered-actions">
              {index > 0 && (
                <button
                  ref={ref(`${key}:up`)}
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('games.moveUp', { name })}
                  title={t('games.moveUp', { name })}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
              )}
              {index < items.length - 1 && (
                <button
                  ref={ref(`${key}:down`)}
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('games.moveDown', { name })}
                  title={t('games.moveDown', { name })}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
              )}
              {removable && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('games.unpin', { name })}
                  title={t('games.unpin', { name })}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <X size={16} aria-hidden="true" />
                </button>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
