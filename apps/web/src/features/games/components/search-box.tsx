import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import { useSearchStore } from '../search-store';
import styles from './search-box.module.css';

interface SearchBoxProps {
  className?: string;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * The search box of the casino page and the search screen, labelled "Search". Its text is the
 * shared search text (search-store), so the header's box and this one always agree.
 */
export function SearchBox({ className, autoFocus, testId = 'search-input' }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const text = useSearchStore((state) => state.text);
  const setText = useSearchStore((state) => state.setText);

  return (
    <div className={cx(styles.root, className)} role="search">
      <label htmlFor={id} className={styles.label}>
        {t('games.search.label')}
      </label>
      <div className={styles.box}>
        <Search className={styles.icon} size={18} aria-hidden="true" />
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('games.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={100}
          autoFocus={autoFocus}
          data-testid={testId}
        />
        {text && (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
            aria-label={t('games.search.clear')}
            data-testid={`${testId}-clear`}
          >
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
