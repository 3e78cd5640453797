import type { DashboardResponse } from '@casino/contracts/operator';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { QueryView } from '../../shared/ui/states';

/** How often the figures refresh while the dashboard is open ("live"). */
const refreshMs = 10_000;

type FigureKey =
  | 'online'
  | 'inGame'
  | 'deposits'
  | 'withdrawals'
  | 'approvals'
  | 'identity'
  | 'support'
  | 'stakes'
  | 'wins'
  | 'ggr';

interface Figure {
  key: FigureKey;
  to: string;
  value: (d: DashboardResponse) => string;
  detail?: (d: DashboardResponse) => string;
  /** A queue with work in it is marked, so the eye goes there first. */
  attention?: (d: DashboardResponse) => boolean;
}

const figures: readonly Figure[] = [
  { key: 'online', to: '/players', value: (d) => String(d.players_online) },
  { key: 'inGame', to: '/players', value: (d) => String(d.players_in_game) },
  {
    key: 'withdrawals',
    to: '/withdrawals',
    value: (d) => String(d.withdrawals_waiting),
    attention: (d) => d.withdrawals_waiting > 0,
  },
  {
    key: 'approvals',
    to: '/withdrawals#approvals',
    value: (d) => String(d.approvals_waiting),
    attention: (d) => d.approvals_waiting > 0,
  },
  {
    key: 'identity',
    to: '/identity',
    value: (d) => String(d.identity_checks_waiting),
    attention: (d) => d.identity_checks_waiting > 0,
  },
  {
    key: 'support',
    to: '/support',
    value: (d) => String(d.support_threads_open),
    attention: (d) => d.support_threads_open > 0,
  },
  {
    key: 'deposits',
    to: '/players',
    value: (d) => formatMoney(d.deposits_today, d.currency),
    detail: (d) => String(d.deposits_today_count),
  },
  { key: 'stakes', to: '/players', value: (d) => formatMoney(d.stakes_today, d.currency) },
  { key: 'wins', to: '/players', value: (d) => formatMoney(d.wins_today, d.currency) },
  { key: 'ggr', to: '/players', value: (d) => formatMoney(d.ggr_today, d.currency) },
];

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.dashboard'));
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => staffCall('dashboard', { signal }),
    refetchInterval: refreshMs,
  });
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.dashboard')}</h1>
        {dashboard.data ? (
          <span className="muted" aria-live="off">
            {t('dashboard.asOf', { date: formatDateTime(dashboard.data.as_of, i18n.language) })}
          </span>
        ) : null}
      </div>
      <QueryView query={dashboard} lines={6}>
        {(data) => (
          <ul className="figures" data-testid="dashboard-figures">
            {figures.map((figure) => (
              <li key={figure.key} style={{ display: 'grid' }}>
                <Link
                  className="figure"
                  to={figure.to}
                  data-testid={`figure-${figure.key}`}
                  style={figure.attention?.(data) ? { borderColor: 'var(--gold)' } : undefined}
                >
                  <span className="figure-label">{t(`dashboard.figures.${figure.key}`)}</span>
                  <span className="figure-value">{figure.value(data)}</span>
                  <span className="muted">
                    {figure.detail
                      ? t('dashboard.count', { count: Number(figure.detail(data)) })
                      : t(`dashboard.hints.${figure.key}`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
