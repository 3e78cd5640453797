import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerRgMessages } from '../../../shared/i18n/responsible-gaming/register';
import { useRgSession } from '../api/responsible-gaming';
import styles from './rg.module.css';

registerRgMessages();

const pad = (value: number) => String(value).padStart(2, '0');

/** h:mm:ss of a duration in ms. */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * The game page's elapsed session time (a regulator's requirement for slots), counted from
 * when the game was opened; and, when the daily play time limit is reached, why new rounds
 * are refused.
 */
export function SessionClock({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const [now, setNow] = useState(openedAt);
  const session = useRgSession(userId);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <span className={styles.clock} data-testid="session-clock" role="timer" aria-live="off">
        <Clock size={14} aria-hidden />
        {t('rg.clock')}: {elapsedText(now - openedAt)}
      </span>
      {session.data?.session_limit_reached && (
        <p className={styles.blocked} role="status" data-testid="session-limit-reached">
          {t('rg.sessionLimitReached')}
        </p>
      )}
    </>
  );
}
