import type { RealityCheckMinutes, RgStatusResponse } from '@casino/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { useNow } from '../../../shared/lib/use-now';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useRgAction } from '../api/responsible-gaming';
import { rgErrorText } from '../lib/rg-error-text';
import styles from './rg.module.css';

const intervals: RealityCheckMinutes[] = [0, 15, 30, 60];

/** The reality check's interval and the daily play time limit (raising it waits 24 hours). */
export function SessionSettings({ status, userId }: { status: RgStatusResponse; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const realityId = useId();
  const action = useRgAction(userId);
  const session = status.session_limit;
  const [minutes, setMinutes] = useState(session.minutes === null ? '' : String(session.minutes));
  const pendingAt = session.pending ? new Date(session.pending.confirmable_at).getTime() : null;
  const now = useNow(pendingAt);
  const invalid =
    minutes !== '' &&
    !(/^\d{1,4}$/.test(minutes) && Number(minutes) >= 1 && Number(minutes) <= 1440);
  const fail = (error: unknown) => toast.error(rgErrorText(error));
  const saved = () => toast.success(t('rg.session.saved'));

  return (
    <section aria-labelledby={headingId} className={styles.card} data-testid="rg-session">
      <h2 id={headingId} className={styles.heading}>
        {t('rg.session.heading')}
      </h2>
      <label className={styles.select} htmlFor={realityId}>
        <span>{t('rg.session.realityCheck')}</span>
        <select
          id={realityId}
          value={status.reality_check_minutes}
          disabled={action.isPending}
          data-testid="rg-reality-check"
          onChange={(event) =>
            action.mutate(
              {
                kind: 'realityCheck',
                minutes: Number(event.target.value) as RealityCheckMinutes,
              },
              { onSuccess: saved, onError: fail },
            )
          }
        >
          {intervals.map((value) => (
            <option key={value} value={value}>
              {value === 0
                ? t('rg.session.realityOff')
                : t('rg.session.realityEvery', { count: value })}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.hint}>{t('rg.session.realityHint')}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid) return;
          action.mutate(
            { kind: 'sessionLimit', minutes: minutes === '' ? null : Number(minutes) },
            { onSuccess: saved, onError: fail },
          );
        }}
      >
        <TextField
          label={t('rg.session.limit')}
          value={minutes}
          inputMode="numeric"
          placeholder={t('rg.session.limitNone')}
          onChange={(event) => setMinutes(event.target.value.trim())}
          error={invalid ? t('rg.session.invalidMinutes') : undefined}
          note={{
            tone: 'muted',
            text: t('rg.session.limitHint', { minutes: session.played_minutes }),
          }}
          testId="rg-session-limit"
        />
        <Button type="submit" variant="primary" disabled={action.isPending || invalid}>
          {t('rg.session.save')}
        </Button>
      </form>
      {session.pending && (
        <div className={styles.limit} data-testid="rg-session-pending">
          <span className={styles.pending}>
            {session.pending.minutes === null
              ? t('rg.session.pendingRemoval', {
                  at: formatDateTime(session.pending.confirmable_at, language),
                })
              : t('rg.session.pending', {
                  minutes: session.pending.minutes,
                  at: formatDateTime(session.pending.confirmable_at, language),
                })}
          </span>
          <Button
            size="sm"
            variant="primary"
            disabled={action.isPending || pendingAt === null || now < pendingAt}
            onClick={() => action.mutate({ kind: 'confirmSessionLimit' }, { onError: fail })}
          >
            {t('rg.limits.confirm')}
          </Button>
        </div>
      )}
    </section>
  );
}
