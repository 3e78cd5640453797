import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../shared/ui/states';
import { usePageTitle } from '../shared/lib/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.NOT_FOUND'));
  return (
    <section className="page">
      <h1 className="page-title">{t('errors.NOT_FOUND')}</h1>
      <EmptyState
        action={
          <Link className="btn btn-secondary" to="/">
            {t('nav.dashboard')}
          </Link>
        }
      >
        {t('common.noResults')}
      </EmptyState>
    </section>
  );
}
