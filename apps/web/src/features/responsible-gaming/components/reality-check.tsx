import type { RgSessionResponse } from '@casino/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerRgMessages } from '../../../shared/i18n/responsible-gaming/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { toast } from '../../../shared/ui/toast/toast-store';
import {
  fetchRgSession,
  useRgSession,
  useRgStatus,
  useStopPlaying,
} from '../api/responsible-gaming';
import styles from './rg.module.css';

registerRgMessages();

const minuteMs = 60_000;

/**
 * The reality check (decision 070): every N minutes since sign-in (the player's choice), a
 * dialog over whatever is open, the lobby or a game's frame, with the time played and the
 * session's net result; "keep playing", "see my history", "stop" (ends the game sessions).
 * Also the 80 % warnings' toasts, once per limit and window in this tab.
 */
export function RealityCheck({ userId }: { userId: string }) {
  const session = useRgSession(userId);
  useWarningToasts(userId);
  const interval = session.data?.reality_check_minutes ?? 0;
  const startedAt = session.data ? new Date(session.data.started_at).getTime() : null;
  const [nextAt, setNextAt] = useState<number | null>(null);
  const [open, setOpen] = useState<RgSessionResponse | null>(null);

  // The first check falls on the next multiple of the interval since sign-in.
  useEffect(() => {
    if (interval === 0 || startedAt === null) {
      setNextAt(null);
      return;
    }
    const every = interval * minuteMs;
    const passed = Math.max(0, Date.now() - startedAt);
    setNextAt(startedAt + (Math.floor(passed / every) + 1) * every);
  }, [interval, startedAt]);

  useEffect(() => {
    if (nextAt === null || open) return;
    const timer = setTimeout(
      () => {
        void fetchRgSession()
          .then(setOpen)
          .catch(() => setOpen(session.data ?? null));
      },
      Math.max(0, nextAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [nextAt, open, session.data]);

  if (!open) return null;
  const close = () => {
    setOpen(null);
    setNextAt(Date.now() + interval * minuteMs);
  };
  return <RealityCheckDialog session={open} onKeepPlaying={close} onClose={close} />;
}

function RealityCheckDialog({
  session,
  onKeepPlaying,
  onClose,
}: {
  session: RgSessionResponse;
  onKeepPlaying: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const stop = useStopPlaying();
  const minutes = Math.floor((Date.now() - new Date(session.started_at).getTime()) / minuteMs);
  const negative = session.net_result.startsWith('-');
  const amount = formatMoney(negative ? session.net_result.slice(1) : session.net_result, language);
  // A win reads as one: "+$1.00"; a loss "−$12.50"; nothing either way "$0.00".
  const sign = negative ? '−' : /[1-9]/.test(session.net_result) ? '+' : '';
  return (
    <Modal open onClose={onClose} title={t('rg.reality.title')} name="reality-check">
      <div className={styles.dialogText} data-testid="reality-check">
        <p data-testid="reality-check-played">{t('rg.reality.played', { minutes })}</p>
        <p data-testid="reality-check-result">
          {t('rg.reality.result', { amount: `${sign}${amount}` })}
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onKeepPlaying} data-testid="reality-check-keep">
          {t('rg.reality.keep')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            void navigate('/profile/balance');
          }}
          data-testid="reality-check-history"
        >
          {t('rg.reality.history')}
        </Button>
        <Button
          variant="ghost"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(undefined, {
              onSettled: () => {
                onClose();
                void navigate('/');
              },
            })
          }
          data-testid="reality-check-stop"
        >
          {t('rg.reality.stop')}
        </Button>
      </div>
    </Modal>
  );
}

const warnedKey = 'rgWarned';

/** A toast for each limit at 80 %, once per limit in this tab's session. */
function useWarningToasts(userId: string) {
  const { t } = useTranslation();
  const status = useRgStatus(userId);
  const warnings = status.data?.warnings;
  useEffect(() => {
    if (!warnings?.length) return;
    const shown = new Set((sessionStorage.getItem(warnedKey) ?? '').split(',').filter(Boolean));
    for (const w of warnings) {
      const key = `${userId}:${w.kind}:${w.period}`;
      if (shown.has(key)) continue;
      shown.add(key);
      toast.error(
        t('rg.warning', { kind: t(`rg.kinds.${w.kind}`), period: t(`rg.periods.${w.period}`) }),
      );
    }
    sessionStorage.setItem(warnedKey, [...shown].join(','));
  }, [warnings, userId, t]);
}
