import type { RgLimitView, RgStatusResponse } from '@casino/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { formatMoney } from '../../../shared/lib/format';
import { useNow } from '../../../shared/lib/use-now';
import { Button } from '../../../shared/ui/button/button';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useRgAction } from '../api/responsible-gaming';
import { rgErrorText } from '../lib/rg-error-text';
import { LimitForm } from './limit-form';
import styles from './rg.module.css';

/** The player's limits, each with what its window holds and any change waiting; the form. */
export function LimitsSection({ status, userId }: { status: RgStatusResponse; userId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.card} data-testid="rg-limits">
      <h2 id={headingId} className={styles.heading}>
        {t('rg.limits.heading')}
      </h2>
      {status.limits.length === 0 ? (
        <p className={styles.hint} data-testid="rg-limits-empty">
          {t('rg.limits.none')}
        </p>
      ) : (
        <ul className={styles.list}>
          {status.limits.map((limit) => (
            <LimitRow key={`${limit.kind}-${limit.period}`} limit={limit} userId={userId} />
          ))}
        </ul>
      )}
      <LimitForm userId={userId} />
    </section>
  );
}

function LimitRow({ limit, userId }: { limit: RgLimitView; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const action = useRgAction(userId);
  const confirmableAt = limit.pending ? new Date(limit.pending.confirmable_at).getTime() : null;
  const now = useNow(confirmableAt);
  const key = { kind: limit.kind, period: limit.period };
  const run = (kind: 'confirm' | 'cancel' | 'remove') => {
    const request =
      kind === 'remove'
        ? { kind: 'limit' as const, body: { ...key, amount: null } }
        : { kind, body: key };
    action.mutate(request, { onError: (error) => toast.error(rgErrorText(error)) });
  };
  const testId = `rg-limit-${limit.kind}-${limit.period}`;
  return (
    <li className={styles.limit} data-testid={testId}>
      <div className={styles.limitText}>
        <span>{t(`rg.kinds.${limit.kind}`)}</span>
        <span className={styles.amount}>
          {t('rg.limits.amount', {
            amount: formatMoney(limit.amount, language),
            period: t(`rg.periods.${limit.period}`),
          })}
        </span>
        <span className={styles.hint}>
          {t('rg.limits.used', {
            used: formatMoney(limit.used, language),
            available: formatMoney(limit.available, language),
          })}
          {limit.set_by === 'staff' && ` · ${t('rg.limits.byStaff')}`}
          {limit.set_by === 'default' && ` · ${t('rg.limits.byDefault')}`}
        </span>
        {limit.pending && (
          <span className={styles.pending} data-testid={`${testId}-pending`}>
            {limit.pending.amount === null
              ? t('rg.limits.pendingRemoval', {
                  at: formatDateTime(limit.pending.confirmable_at, language),
                })
              : t('rg.limits.pending', {
                  amount: formatMoney(limit.pending.amount, language),
                  at: formatDateTime(limit.pending.confirmable_at, language),
                })}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        {limit.pending ? (
          <>
            <Button
              variant="primary"
              size="sm"
              disabled={action.isPending || confirmableAt === null || now < confirmableAt}
              onClick={() => run('confirm')}
            >
              {t('rg.limits.confirm')}
            </Button>
            <Button size="sm" disabled={action.isPending} onClick={() => run('cancel')}>
              {t('rg.limits.cancel')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => run('remove')}
          >
            {t('rg.limits.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
