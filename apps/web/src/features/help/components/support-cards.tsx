import { ExternalLink, Handshake, Headset, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName, Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useAuthStore } from '../../auth';
import { useSupportInfo, useSupportThread } from '../api/support';
import styles from './support-cards.module.css';
import { SupportThread } from './support-thread';

/** "about 5 minutes" (SPEC §9) until real answers exist, then their mean, rounded. */
export function useAverageResponseText(seconds: number | null | undefined): string {
  const { t } = useTranslation();
  if (seconds === null || seconds === undefined) return t('help.aboutFiveMinutes');
  if (seconds < 60) return t('help.underAMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('help.aboutMinutes', { count: minutes });
  return t('help.aboutHours', { count: Math.round(minutes / 60) });
}

/**
 * The help page's top row: live support (opens the player's private thread; a guest is
 * asked to sign in), then the messaging channel and the partner link, each shown only when
 * the operator configured its target.
 */
export function SupportCards() {
  const { t } = useTranslation();
  const info = useSupportInfo();
  const isAuth = useAuthStore((s) => s.isAuth);
  const openModal = useModalStore((s) => s.open);
  const thread = useSupportThread(isAuth);
  const [open, setOpen] = useState(false);
  const average = useAverageResponseText(info.data?.average_response_seconds);
  const unread = thread.data?.unread ?? 0;

  return (
    <div className={styles.cards}>
      <article className={styles.card} data-testid="support-card">
        <div className={styles.icon}>
          <Headset size={22} aria-hidden="true" />
        </div>
        <h2 className={styles.title}>
          {t('help.supportTitle')}
          {unread > 0 && (
            <span className={styles.badge} data-testid="support-unread">
              {t('help.unread', { count: unread })}
            </span>
          )}
        </h2>
        <p className={styles.text} data-testid="support-average">
          {t('help.averageResponse', { time: average })}
        </p>
        <Button
          variant="primary"
          onClick={() => (isAuth ? setOpen(true) : openModal('login'))}
          data-testid="support-open"
        >
          {t('help.open')}
        </Button>
      </article>
      {info.data?.channel_url && (
        <LinkCard
          icon={<Send size={22} aria-hidden="true" />}
          title={t('help.channelTitle')}
          text={t('help.channelText')}
          href={info.data.channel_url}
          testId="channel-card"
        />
      )}
      {info.data?.partner_url && (
        <LinkCard
          icon={<Handshake size={22} aria-hidden="true" />}
          title={t('help.partnerTitle')}
          text={t('help.partnerText')}
          href={info.data.partner_url}
          testId="partner-card"
        />
      )}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('help.thread.title')}
        name="support"
      >
        {open && <SupportThread />}
      </Modal>
    </div>
  );
}

function LinkCard(props: {
  icon: React.ReactNode;
  title: string;
  text: string;
  href: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid={props.testId}>
      <div className={styles.icon}>{props.icon}</div>
      <h2 className={styles.title}>{props.title}</h2>
      <p className={styles.text}>{props.text}</p>
      <a
        className={buttonClassName({ variant: 'secondary' })}
        href={props.href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('help.go')}
        <ExternalLink size={16} aria-hidden="true" />
      </a>
    </article>
  );
}
