import {
  rgExclusionDurations,
  rgTimeOutDurations,
  type RgBlockRequest,
  type RgStatusResponse,
} from '@casino/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useRgAction } from '../api/responsible-gaming';
import { rgErrorText } from '../lib/rg-error-text';
import styles from './rg.module.css';

type Kind = RgBlockRequest['kind'];
const durationsOf: Record<Kind, readonly RgBlockRequest['duration'][]> = {
  time_out: rgTimeOutDurations,
  self_exclusion: rgExclusionDurations,
};

/**
 * Time-out and self-exclusion: a second, explicit confirmation before it starts (it cannot be
 * undone); while one holds, what it is and until when, the national scheme and the help page.
 */
export function BlockSection({ status, userId }: { status: RgStatusResponse; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const kindLabel = (kind: Kind) =>
    t(kind === 'time_out' ? 'rg.block.timeOut' : 'rg.block.selfExclusion');
  return (
    <section aria-labelledby={headingId} className={styles.card} data-testid="rg-block">
      <h2 id={headingId} className={styles.heading}>
        {t('rg.block.heading')}
      </h2>
      <p className={styles.hint}>{t('rg.block.text')}</p>
      {status.block ? (
        <p className={styles.blocked} data-testid="rg-block-active">
          {status.block.until === null
            ? t('rg.block.activePermanent')
            : t(
                status.block.kind === 'time_out'
                  ? 'rg.block.activeTimeOut'
                  : 'rg.block.activeExclusion',
                { until: formatDateTime(status.block.until, language) },
              )}
        </p>
      ) : (
        <>
          <BlockPicker kind="time_out" label={kindLabel('time_out')} userId={userId} />
          <BlockPicker kind="self_exclusion" label={kindLabel('self_exclusion')} userId={userId} />
        </>
      )}
      <div className={styles.links}>
        {status.national_scheme_url && (
          <a
            href={status.national_scheme_url}
            target="_blank"
            rel="noreferrer"
            data-testid="rg-scheme"
          >
            {t('rg.block.scheme')}
          </a>
        )}
        <Link to="/responsible-gaming">{t('rg.block.help')}</Link>
      </div>
    </section>
  );
}

function BlockPicker({ kind, label, userId }: { kind: Kind; label: string; userId: string }) {
  const { t } = useTranslation();
  const selectId = useId();
  const durations = durationsOf[kind];
  const [duration, setDuration] = useState(durations[0] ?? '24h');
  const [asking, setAsking] = useState(false);
  const action = useRgAction(userId);
  const durationText = t(`rg.block.durations.${duration}`);
  const start = () => {
    action.mutate(
      { kind: 'block', body: { kind, duration } as RgBlockRequest },
      {
        onSuccess: () => setAsking(false),
        onError: (error) => toast.error(rgErrorText(error)),
      },
    );
  };
  return (
    <div className={styles.form}>
      <label className={styles.select} htmlFor={selectId}>
        <span>{label}</span>
        <select
          id={selectId}
          value={duration}
          onChange={(event) => setDuration(event.target.value as typeof duration)}
          data-testid={`rg-${kind}-duration`}
        >
          {durations.map((d) => (
            <option key={d} value={d}>
              {t(`rg.block.durations.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <Button onClick={() => setAsking(true)} data-testid={`rg-${kind}-start`}>
        {t('rg.block.start')}
      </Button>
      {asking && (
        <Modal open onClose={() => setAsking(false)} title={label} name={`rg-${kind}`}>
          <p className={styles.dialogText}>
            {duration === 'permanent'
              ? t('rg.block.confirmPermanent')
              : t('rg.block.confirm', { kind: label.toLowerCase(), duration: durationText })}
          </p>
          <div className={styles.actions}>
            <Button
              variant="danger"
              disabled={action.isPending}
              onClick={start}
              data-testid="rg-block-yes"
            >
              {t('rg.block.yes')}
            </Button>
            <Button onClick={() => setAsking(false)}>{t('rg.block.no')}</Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
