import type { DeviceSession } from '@casino/contracts';
import { Monitor, MonitorSmartphone, Smartphone, Tablet, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { LoadFailed, SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import styles from './device-sessions.module.css';
import cards from './profile-cards.module.css';

const deviceIcons = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  tv: Tv,
  unknown: MonitorSmartphone,
} as const;

/**
 * Where the player is signed in (accounts issue 15): each device with its browser, system,
 * place when the server knows it and last use; "sign out" per device and everywhere else.
 */
export function DeviceSessions({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const sessions = useSessions(userId);
  const endOthers = useEndOtherSessions(userId);
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];

  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast.success(
          t('profile.sessions.endedOthers', { count: ended }),
          t('profile.sessions.title'),
        ),
      onError: (error) => toast.error(apiErrorText(error), t('profile.sessions.title')),
    });

  return (
    <SettingsCard
      titleId="sessions-title"
      title={t('profile.sessions.title')}
      lead={t('profile.sessions.lead')}
      aside={
        others.length > 0 ? (
          <Button
            variant="secondary"
            onClick={signOutOthers}
            pending={endOthers.isPending}
            data-testid="sessions-end-others"
          >
            {t('profile.sessions.endOthers')}
          </Button>
        ) : null
      }
      testId="sessions-card"
    >
      {sessions.isPending ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1].map((i) => (
            <li key={i} className={`${styles.item} ${styles.skeleton}`} />
          ))}
        </ul>
      ) : sessions.isError ? (
        <LoadFailed
          message={t('profile.sessions.failed')}
          retry={t('profile.sessions.retry')}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul className={styles.list} data-testid="sessions-list">
            {/* This device first, then the others by last use (the server's order). */}
            {[...sessions.data.sessions]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((session) => (
                <SessionRow key={session.id} session={session} userId={userId} />
              ))}
          </ul>
          {others.length === 0 ? (
            <p className={cards.notice} data-testid="sessions-only-this">
              {t('profile.sessions.onlyThis')}
            </p>
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}

function SessionRow({ session, userId }: { session: DeviceSession; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const end = useEndSession(userId);
  const Icon = deviceIcons[session.device];
  const name =
    [session.browser, session.os].filter(Boolean).join(' · ') || t('profile.sessions.unknown');
  const details = [
    session.place,
    t('profile.sessions.lastUsed', { when: formatDateTime(session.last_used_at, language) }),
  ].filter(Boolean);

  return (
    <li className={styles.item} data-testid="session-row" data-current={session.current}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className={styles.what}>
        <p className={styles.name}>
          {name}
          {session.current ? (
            <span className={styles.badge} data-testid="session-current">
              {t('profile.sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className={styles.details}>{details.join(' · ')}</p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          className={styles.end}
          onClick={() =>
            end.mutate(session.id, {
              onError: (error) => toast.error(apiErrorText(error), t('profile.sessions.title')),
            })
          }
          pending={end.isPending}
          aria-label={t('profile.sessions.endOneLabel', { name })}
          data-testid="session-end"
        >
          {t('profile.sessions.endOne')}
        </Button>
      )}
    </li>
  );
}
