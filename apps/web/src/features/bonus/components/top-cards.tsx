import type { BonusOffer } from '@casino/contracts';
import { Gift, Sparkles, Ticket, type LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { useNow } from '../../../shared/lib/use-now';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { promoCodeMaxLength } from '@casino/contracts';
import { useBonusAction } from '../api/bonus';
import { bonusErrorText } from '../lib/bonus-error-text';
import { OfferAction } from './offer-action';
import styles from './bonus.module.css';

/** The large promo card (SPEC §2): the featured offer with its Receive button. */
export function FeaturedCard({ offer, userId }: { offer: BonusOffer; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  return (
    <section className={styles.featured} aria-labelledby={headingId} data-testid="bonus-featured">
      <Sparkles className={styles.featuredArt} size={96} aria-hidden="true" />
      <p className={styles.badge}>{t('bonus.featured.badge')}</p>
      <h2 id={headingId} className={styles.featuredTitle}>
        {offer.title[language]}
      </h2>
      <p className={styles.terms}>{offer.terms[language]}</p>
      <OfferAction offer={offer} userId={userId} size="lg" variant="accent" />
    </section>
  );
}

/** A card of the top row: its icon and title, a line of what it offers, then its action. */
function TopCard({
  icon: Icon,
  title,
  text,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={testId}>
      <div className={styles.cardHead}>
        <Icon size={22} aria-hidden="true" className={styles.icon} />
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
      </div>
      <p className={styles.muted}>{text}</p>
      {children}
    </section>
  );
}

/** The promo-code card: a code in, a clear reason out when it is refused. */
export function PromoCodeCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const action = useBonusAction(userId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action.isPending) return;
    if (code.trim() === '') {
      setError(t('bonus.errors.promoRequired'));
      return;
    }
    try {
      const { bonus } = await action.mutateAsync({ kind: 'promo', code });
      setCode('');
      setError(undefined);
      toast.success(t('bonus.promo.activated', { title: bonus.title[language] }));
    } catch (failure) {
      const text = bonusErrorText(failure);
      setError(text);
      toast.error(text, t('bonus.promo.title'));
    }
  };
  return (
    <TopCard
      icon={Ticket}
      title={t('bonus.promo.title')}
      text={t('bonus.promo.text')}
      testId="bonus-promo"
    >
      <form className={styles.promoForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('bonus.promo.label')}
          placeholder={t('bonus.promo.placeholder')}
          value={code}
          maxLength={promoCodeMaxLength}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          testId="promo-code"
        />
        <Button
          type="submit"
          variant="primary"
          disabled={action.isPending}
          data-testid="promo-submit"
        >
          {action.isPending && <Spinner size={14} />}
          {t('bonus.promo.submit')}
        </Button>
      </form>
    </TopCard>
  );
}

/** hh:mm:ss until `ms` from now. */
function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The daily bonus: Receive, or a countdown to the next one. `skewMs` is the server's clock
 * minus this device's, so a wrong device clock does not move the countdown.
 */
export function DailyCard({
  offer,
  nextAt,
  skewMs,
  userId,
  onReady,
}: {
  offer: BonusOffer;
  nextAt: string | null;
  skewMs: number;
  userId: string;
  onReady: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const until = nextAt === null ? null : new Date(nextAt).getTime() - skewMs;
  const now = useNow(until);
  const waiting = until !== null && until > now;
  const [announced, setAnnounced] = useState(false);
  if (until !== null && !waiting && !announced) {
    setAnnounced(true);
    onReady();
  }
  return (
    <TopCard
      icon={Gift}
      title={t('bonus.daily.title')}
      text={t('bonus.daily.text', { amount: formatMoney(offer.amount ?? '0.00', language) })}
      testId="bonus-daily"
    >
      {waiting ? (
        <p className={styles.countdown} data-testid="daily-countdown">
          <span className={styles.muted}>{t('bonus.daily.next')}</span>{' '}
          <time dateTime={nextAt ?? undefined} className={styles.clock}>
            {countdown(until - now)}
          </time>
        </p>
      ) : (
        <OfferAction offer={offer} userId={userId} />
      )}
    </TopCard>
  );
}
