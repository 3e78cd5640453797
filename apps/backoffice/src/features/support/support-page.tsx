import { supportThreadStatuses, type SupportThreadStatus } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { SupportThread } from './support-thread';
import { ThreadStateButton } from './thread-state-button';

type Filter = SupportThreadStatus | 'all';
const filters: readonly Filter[] = ['all', ...supportThreadStatuses];
const isFilter = (value: string | null): value is Filter => filters.includes(value as Filter);

const chipClass: Record<SupportThreadStatus, string> = {
  open: 'chip chip-warning',
  waiting: 'chip',
  closed: 'chip chip-muted',
};

/**
 * The support desk: the threads (waiting for an answer first, closed last), filtered by
 * state (open, waiting, closed or all, kept in the address), and the chosen conversation.
 */
export default function SupportPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.support'));
  const id = useId();
  const { userId } = useParams();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const status: Filter = isFilter(param) ? param : 'all';
  const search = status === 'all' ? '' : `?status=${status}`;
  const threads = useQuery({
    queryKey: ['support', 'threads', status],
    queryFn: ({ signal }) => staffCall('support.threads', { query: { status }, signal }),
    refetchInterval: 15_000,
  });
  const current = threads.data?.data.find((thread) => thread.user_id === userId);
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.support')}</h1>
        <div className="field" style={{ minWidth: 200 }}>
          <label className="field-label" htmlFor={`${id}-status`}>
            {t('support.filter')}
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            data-testid="support-filter"
            onChange={(event) =>
              setParams(event.target.value === 'all' ? {} : { status: event.target.value })
            }
          >
            {filters.map((value) => (
              <option key={value} value={value}>
                {t(`support.filters.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="desk">
        <nav className="card" aria-label={t('support.threads')}>
          <h2 className="card-title">{t('support.threads')}</h2>
          <QueryView query={threads} lines={6}>
            {(data) =>
              data.data.length === 0 ? (
                <EmptyState>
                  {status === 'all' ? t('support.empty') : t('support.emptyFilter')}
                </EmptyState>
              ) : (
                <ul className="stack" style={{ gap: 4 }}>
                  {data.data.map((thread) => (
                    <li key={thread.user_id}>
                      <Link
                        to={`/support/${thread.user_id}${search}`}
                        aria-current={thread.user_id === userId ? 'page' : undefined}
                        className="nav-row"
                        data-testid="support-thread-link"
                      >
                        <span>
                          <strong>{thread.username}</strong>
                          <br />
                          <span className="muted">
                            {formatDateTime(thread.last_message_at, i18n.language)}
                          </span>
                        </span>
                        <span className="actions">
                          <span className={chipClass[thread.status]} data-testid="support-state">
                            {t(`support.state.${thread.status}`)}
                          </span>
                          {thread.unread > 0 ? (
                            <span className="chip chip-accent">
                              {t('support.unread', { count: thread.unread })}
                            </span>
                          ) : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </nav>
        <section className="card" aria-label={t('support.conversation')}>
          {userId ? (
            <>
              <h2 className="card-title">
                <span>{current?.username ?? t('support.conversation')}</span>
                <span className="actions">
                  {current ? <ThreadStateButton userId={userId} status={current.status} /> : null}
                  <Link to={`/players/${userId}`} className="btn btn-ghost btn-sm">
                    {t('identity.playerPage')}
                  </Link>
                </span>
              </h2>
              <SupportThread userId={userId} />
            </>
          ) : (
            <EmptyState>{t('support.pick')}</EmptyState>
          )}
        </section>
      </div>
    </section>
  );
}
