import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cx } from '../../../shared/lib/class-names';
import { useSearchStore } from '../search-store';
import styles from './header-search.module.css';

/** Pages that show results for the shared search text themselves. */
const showsResults = (pathname: string) =>
  pathname === '/casino' || pathname === '/search' || pathname.startsWith('/search/');

/**
 * The header's search box: it edits the shared search text, and typing anywhere but the casino
 * or the search screen takes the player to the search screen, where the results are. The box
 * stays in the header, so the focus and the typing are never interrupted.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const text = useSearchStore((state) => state.text);
  const setText = useSearchStore((state) => state.setText);

  const toResults = () => {
    if (!showsResults(pathname)) void navigate('/search');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    toResults();
  };

  return (
    <form role="search" className={cx(styles.form, className)} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.search')}
      </label>
      <Search size={18} aria-hidden="true" className={styles.icon} />
      <input
        id={id}
        className={styles.input}
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) toResults();
        }}
        placeholder={t('header.search')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        data-testid="header-search"
      />
    </form>
  );
}
