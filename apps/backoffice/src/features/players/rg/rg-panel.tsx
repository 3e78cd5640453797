import type { RgLimitView, RgOperatorPlayerResponse } from '@casino/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, QueryView } from '../../../shared/ui/states';
import { useCan } from '../../auth/session';
import { RgBlockForm } from './rg-block-form';
import { RgHistory } from './rg-history';
import { RgLimitForm } from './rg-limit-form';
import { usePlayerRg } from './rg-query';
import { blockText } from './rg-values';

/**
 * The player's responsible gaming (issue 29, decision 070), from players.rg: limits with any
 * pending change, play time and the reality check, a time-out or exclusion in force, the
 * flags, every change; and, for `limits:manage`, the forms to add or lower a limit and to start
 * a time-out or exclusion. Lifting is the player's alone: the server refuses it (409).
 */
export function RgPanel({ userId }: { userId: string }) {
  const can = useCan();
  const rg = usePlayerRg(userId);
  return (
    <QueryView query={rg} lines={6}>
      {(view) => (
        <div className="stack" data-testid="rg-panel">
          <RgLimits view={view} />
          <div className="grid-2">
            <RgState view={view} />
            <RgFlags view={view} />
          </div>
          {can('limits:manage') ? (
            <div className="grid-2">
              <RgLimitForm userId={userId} />
              <RgBlockForm userId={userId} />
            </div>
          ) : null}
          <RgHistory history={view.history} />
        </div>
      )}
    </QueryView>
  );
}

function RgLimits({ view }: { view: RgOperatorPlayerResponse }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(() => {
    const col = gridColumns<RgLimitView>();
    return col.columns([
      col.accessor('kind', {
        header: () => t('rg.kind'),
        cell: (i) => t(`rg.kinds.${i.getValue()}`),
      }),
      col.accessor('period', {
        header: () => t('rg.period'),
        cell: (i) => t(`rg.periods.${i.getValue()}`),
      }),
      col.accessor('amount', {
        header: () => t('rg.amount'),
        cell: (i) => formatMoney(i.getValue()),
      }),
      col.accessor('used', { header: () => t('rg.used'), cell: (i) => formatMoney(i.getValue()) }),
      col.accessor('pending', {
        header: () => t('rg.pending'),
        cell: (i) => {
          const pending = i.getValue();
          if (!pending) return '—';
          const at = formatDateTime(pending.confirmable_at, i18n.language);
          return pending.amount === null
            ? t('rg.pendingRemoval', { at })
            : t('rg.pendingAmount', { amount: formatMoney(pending.amount), at });
        },
      }),
      col.accessor('set_by', {
        header: () => t('rg.setBy'),
        cell: (i) => t(`rg.setBys.${i.getValue()}`),
      }),
    ]);
  }, [t, i18n.language]);
  return (
    <section className="card stack" aria-labelledby="rg-limits-title">
      <h3 className="card-title" id="rg-limits-title">
        {t('rg.limits')}
      </h3>
      <DataTable
        columns={columns}
        data={view.status.limits}
        caption={t('rg.limitsCaption')}
        getRowId={(row) => `${row.kind}-${row.period}`}
        numeric={['amount', 'used']}
        empty={<EmptyState>{t('rg.noLimits')}</EmptyState>}
        testId="rg-limits"
      />
    </section>
  );
}

function RgState({ view }: { view: RgOperatorPlayerResponse }) {
  const { t, i18n } = useTranslation();
  const { status } = view;
  const session = status.session_limit;
  return (
    <section className="card" aria-labelledby="rg-state-title">
      <h3 className="card-title" id="rg-state-title">
        {t('rg.play')}
      </h3>
      <dl className="facts">
        <dt>{t('rg.block')}</dt>
        <dd data-testid="rg-block">
          {status.block ? (
            <strong className="chip chip-danger">
              {blockText(status.block.kind, status.block.until, t, i18n.language)}
            </strong>
          ) : (
            t('rg.noBlock')
          )}
        </dd>
        <dt>{t('rg.sessionLimit')}</dt>
        <dd>
          {session.minutes === null ? '—' : t('rg.minutes', { count: session.minutes })}
          {session.pending
            ? ` · ${t('rg.pendingAmount', {
                amount:
                  session.pending.minutes === null
                    ? t('rg.removed')
                    : t('rg.minutes', { count: session.pending.minutes }),
                at: formatDateTime(session.pending.confirmable_at, i18n.language),
              })}`
            : null}
        </dd>
        <dt>{t('rg.playedToday')}</dt>
        <dd>{t('rg.minutes', { count: session.played_minutes })}</dd>
        <dt>{t('rg.realityCheck')}</dt>
        <dd>
          {status.reality_check_minutes === 0
            ? t('rg.realityOff')
            : t('rg.realityEvery', { count: status.reality_check_minutes })}
        </dd>
      </dl>
    </section>
  );
}

function RgFlags({ view }: { view: RgOperatorPlayerResponse }) {
  const { t } = useTranslation();
  return (
    <section
      className="card stack"
      style={{ alignContent: 'start' }}
      aria-labelledby="rg-flags-title"
    >
      <h3 className="card-title" id="rg-flags-title">
        {t('rg.flags')}
      </h3>
      {view.flags.length === 0 ? (
        <p className="muted" data-testid="rg-no-flags">
          {t('rg.noFlags')}
        </p>
      ) : (
        <ul
          className="stack"
          style={{ gap: 6, listStyle: 'none', padding: 0 }}
          data-testid="rg-flags"
        >
          {view.flags.map((flag) => (
            <li key={flag.flag}>
              <span className="chip chip-warning">{t(`rg.flagNames.${flag.flag}`)}</span>{' '}
              <span className="muted">{flag.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
