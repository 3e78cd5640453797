import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './dropdown.module.css';

export interface DropdownOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  /** The language of the label, when it differs from the page's. */
  lang?: string;
}

interface DropdownProps<T extends string> {
  /** Visible label above the box; also the start of the button's accessible name. */
  label: string;
  value: T;
  options: readonly DropdownOption<T>[];
  onChange: (value: T) => void;
  /** Shown in the box while the value is none of the options (SPEC §3: "a placeholder"). */
  placeholder?: string;
  testId?: string;
  className?: string;
}

const optionHeight = 44;

/**
 * A select box: a button that opens a listbox (WAI-ARIA "select-only combobox" made of a
 * button and a listbox). Arrow keys, Home and End move, Enter or Space picks, Escape and Tab
 * close; a click outside closes it. It opens upwards when there is no room below.
 */
export function Dropdown<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  testId,
  className,
}: DropdownProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [upwards, setUpwards] = useState(false);
  const [active, setActive] = useState(0);

  const found = options.findIndex((option) => option.value === value);
  const selectedIndex = Math.max(0, found);
  // Without a placeholder the first option stands for an unknown value, as before.
  const selected = found === -1 && placeholder !== undefined ? undefined : options[selectedIndex];

  const openList = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const needed = options.length * optionHeight + 16;
    setUpwards(rect ? window.innerHeight - rect.bottom < needed && rect.top > needed : false);
    setActive(selectedIndex);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const pick = (index: number) => {
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => Math.min(last, index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        pick(active);
        break;
      case 'Escape':
        // Handled here so an enclosing layer (menu, modal) does not close as well.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <div ref={rootRef} className={cx(styles.root, className)}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        data-testid={testId}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        {selected?.icon}
        <span
          id={valueId}
          className={cx(styles.value, !selected && styles.placeholder)}
          lang={selected?.lang}
        >
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDown
          className={cx(styles.chevron, open && styles.chevronOpen)}
          size={18}
          aria-hidden="true"
        />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={`${id}-option-${active}`}
          className={cx(styles.list, upwards && styles.upwards)}
          onKeyDown={onListKeyDown}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={option.value === value}
              lang={option.lang}
              data-value={option.value}
              data-testid={testId ? `${testId}-option-${option.value}` : undefined}
              className={cx(styles.option, index === active && styles.active)}
              onClick={() => pick(index)}
              onPointerMove={() => setActive(index)}
            >
              {option.icon}
              <span className={styles.optionLabel}>{option.label}</span>
              {option.value === value && (
                <Check className={styles.check} size={18} aria-hidden="true" />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
