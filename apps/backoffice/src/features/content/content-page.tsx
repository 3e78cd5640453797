import type { ContentPageSlug } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { QueryView } from '../../shared/ui/states';
import { Tabs } from '../../shared/ui/tabs';
import { FaqList } from './faq-list';
import './content.css';

type Tab = 'pages' | 'faq';

/** The content screen (issue 30, decision 092): the information pages and the FAQ. */
export default function ContentPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.content'));
  const [tab, setTab] = useState<Tab>('pages');
  const pages = useQuery({
    queryKey: ['content', 'pages'],
    queryFn: ({ signal }) => staffCall('content.pages', { signal }),
  });
  const slugTitle = (slug: ContentPageSlug) => t(`content.slug.${slug}`);
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.content')}</h1>
      </div>
      <Tabs
        label={t('nav.content')}
        items={[
          { key: 'pages', label: t('content.pages') },
          { key: 'faq', label: t('content.faq') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'pages' ? (
          <div className="card">
            <QueryView query={pages} lines={6}>
              {(data) => (
                <ul className="content-list" data-testid="content-pages">
                  {data.data.map((page) => (
                    <li key={page.slug} className="content-item" data-testid={`page-${page.slug}`}>
                      <div className="content-item-main">
                        <strong>{slugTitle(page.slug)}</strong>
                        <span className="muted">
                          {t('content.updated', {
                            date: formatDateTime(page.updated_at, i18n.language),
                          })}
                        </span>
                        {page.versioned ? (
                          <span className="muted">
                            {page.version
                              ? t('content.version', {
                                  version: page.version.version,
                                  date: formatDateTime(page.version.published_at, i18n.language),
                                })
                              : t('content.noVersion')}
                          </span>
                        ) : null}
                      </div>
                      {page.has_draft ? (
                        <span className="chip chip-warning">{t('content.draft')}</span>
                      ) : null}
                      <Link
                        className="btn btn-secondary btn-sm"
                        to={`/content/${page.slug}`}
                        aria-label={`${t('content.edit')}: ${slugTitle(page.slug)}`}
                      >
                        {t('content.edit')}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </QueryView>
          </div>
        ) : (
          <FaqList />
        )}
      </Tabs>
    </section>
  );
}
