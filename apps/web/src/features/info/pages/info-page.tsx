import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/query-state/query-state';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDate } from '../../../shared/lib/format';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Markdown } from '../../../shared/ui/markdown/markdown';
import { Page } from '../../../shared/ui/page/page';
import { useContentPage } from '../api/content-page';
import styles from './info-page.module.css';

export type InfoPageKind = 'premium' | 'privacy' | 'terms' | 'loyalty' | 'responsible-gaming';

/**
 * Information pages. Privacy, terms, loyalty and responsible gaming show the operator's
 * Markdown file of the reader's language (server: features/content); Premium is still a
 * coming-soon page.
 */
export function InfoPage({ kind }: { kind: InfoPageKind }) {
  if (kind === 'premium') return <PremiumPage />;
  return <ContentArticle slug={kind} />;
}

function ContentArticle({ slug }: { slug: Exclude<InfoPageKind, 'premium'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const page = useContentPage(slug, lang);
  const fallbackTitle = t(`info.titles.${slug}`);
  return (
    <Page title={page.data?.title ?? fallbackTitle}>
      <QueryState
        query={page}
        loading={t('info.loading')}
        error={t('info.error')}
        retry={t('help.retry')}
      >
        {(data) => (
          <article className={styles.article} data-testid="content-page" data-slug={slug}>
            <Markdown>{data.markdown}</Markdown>
            <p className={styles.updated}>
              {t('info.updated', { date: formatDate(data.updated_at, lang) })}
            </p>
          </article>
        )}
      </QueryState>
    </Page>
  );
}

function PremiumPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.premium.title')}>
      <EmptyState
        icon={Crown}
        tone="gold"
        title={t('pages.premium.emptyTitle')}
        text={t('pages.premium.emptyText')}
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {t('pages.backHome')}
          </Link>
        }
      />
    </Page>
  );
}
