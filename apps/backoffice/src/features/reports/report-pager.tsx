import { useTranslation } from 'react-i18next';

/**
 * Previous / page x of y / next under the report's table. The buttons stay focusable when
 * they cannot move (aria-disabled, not disabled), so a keyboard user who presses Next up to
 * the last page keeps the focus where it was instead of losing it to the page.
 */
export function ReportPager({
  screen,
  screens,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: {
  screen: number;
  screens: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  if (screens <= 1) return null;
  const button = (label: string, enabled: boolean, onClick: () => void, testId: string) => (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-disabled={!enabled}
      data-testid={testId}
      onClick={() => {
        if (enabled) onClick();
      }}
    >
      {label}
    </button>
  );
  return (
    <nav className="actions report-pager" aria-label={t('reports.pages')}>
      {button(t('reports.previousPage'), canPrevious, onPrevious, 'report-previous')}
      <span className="muted" aria-live="polite" data-testid="report-page">
        {t('reports.pageOf', { page: screen + 1, pages: screens })}
      </span>
      {button(t('reports.nextPage'), canNext, onNext, 'report-next')}
    </nav>
  );
}
