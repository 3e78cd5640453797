import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../../shared/lib/class-names';
import styles from './filters.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface SortTabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The id of the panel the tabs control; each tab gets `${panelId}-tab-${id}`. */
  panelId: string;
  testId?: string;
}

/**
 * Tabs (WAI-ARIA tabs, automatic activation): one tab stop, arrow keys, Home and End move and
 * select. The casino's sort tabs.
 */
export function SortTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  panelId,
  testId,
}: SortTabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === value);
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index >= last ? 0 : index + 1;
        break;
      case 'ArrowLeft':
        next = index <= 0 ? last : index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${tab.id}"]`)?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={styles.tabs}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${panelId}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={cx(styles.tab, selected && styles.tabSelected)}
            onClick={() => onChange(tab.id)}
            data-tab={tab.id}
            data-testid={testId ? `${testId}-${tab.id}` : undefined}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
