import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { SupportThread } from './support-thread';

/** The support desk: the threads (waiting for an answer first) and the chosen conversation. */
export default function SupportPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.support'));
  const { userId } = useParams();
  const threads = useQuery({
    queryKey: ['support', 'threads'],
    queryFn: ({ signal }) => staffCall('support.threads', { signal }),
    refetchInterval: 15_000,
  });
  const current = threads.data?.data.find((thread) => thread.user_id === userId);
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.support')}</h1>
      </div>
      <div className="desk">
        <nav className="card" aria-label={t('support.threads')}>
          <h2 className="card-title">{t('support.threads')}</h2>
          <QueryView query={threads} lines={6}>
            {(data) =>
              data.data.length === 0 ? (
                <EmptyState>{t('support.empty')}</EmptyState>
              ) : (
                <ul className="stack" style={{ gap: 4 }}>
                  {data.data.map((thread) => (
                    <li key={thread.user_id}>
                      <Link
                        to={`/support/${thread.user_id}`}
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
                          {thread.waiting ? (
                            <span className="chip chip-warning">{t('support.state.open')}</span>
                          ) : (
                            <span className="chip">{t('support.state.waiting')}</span>
                          )}
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
                <Link to={`/players/${userId}`} className="btn btn-ghost btn-sm">
                  {t('identity.playerPage')}
                </Link>
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
