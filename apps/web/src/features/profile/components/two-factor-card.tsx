import type { TwoFactorSetupResponse } from '@casino/contracts';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTwoFactorMessages } from '../../../shared/i18n/two-factor/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDate } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { LoadFailed, SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { useTwoFactorStatus } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import { twoFactorFailed } from '../lib/two-factor-forms';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorRecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorRegenerateForm } from './two-factor-regenerate-form';
import { TwoFactorSetupForm } from './two-factor-setup-form';

registerTwoFactorMessages();

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/**
 * Two-factor authentication (accounts issue 15, docs/decisions/051): turn it on with a QR code
 * (or the key typed in) and a first code, keep the ten recovery codes shown once, make new
 * ones, turn it off with the password and a code.
 */
export function TwoFactorCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useTwoFactorStatus(userId);
  const actions = useTwoFactorActions(userId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const on = status.data?.enabled === true;

  const start = () =>
    actions.setup.mutate(undefined, {
      onSuccess: (setup) => setStep({ kind: 'setup', setup }),
      onError: (error) => failedToast(error, twoFactorFailed),
    });

  return (
    <SettingsCard
      titleId="two-factor-title"
      title={t('twoFactor.card.title')}
      lead={
        !status.data
          ? undefined
          : on && status.data.enabled_at
            ? t('twoFactor.card.leadOn', { date: formatDate(status.data.enabled_at, language) })
            : t('twoFactor.card.leadOff')
      }
      aside={
        status.data ? (
          <span
            className={`${styles.badge} ${on ? styles.badgeOn : ''}`}
            data-testid="two-factor-status"
            data-enabled={on}
          >
            {on ? (
              <ShieldCheck size={16} aria-hidden="true" />
            ) : (
              <ShieldOff size={16} aria-hidden="true" />
            )}
            {on ? t('twoFactor.card.statusOn') : t('twoFactor.card.statusOff')}
          </span>
        ) : null
      }
      testId="two-factor-card"
    >
      {status.isPending ? (
        <div className={styles.skeleton} aria-busy="true" aria-label={t('app.loading')} />
      ) : status.isError ? (
        <LoadFailed
          message={t('twoFactor.card.loadFailed')}
          retry={t('twoFactor.card.retry')}
          onRetry={() => void status.refetch()}
        />
      ) : step.kind === 'setup' ? (
        <TwoFactorSetupForm
          setup={step.setup}
          userId={userId}
          onCancel={() => setStep({ kind: 'idle' })}
          onCodes={(codes) => setStep({ kind: 'codes', codes })}
        />
      ) : step.kind === 'codes' ? (
        <TwoFactorRecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : !on ? (
        <div className={styles.actions}>
          <Button
            variant="accent"
            onClick={start}
            pending={actions.setup.isPending}
            icon={<ShieldCheck size={18} aria-hidden="true" />}
            data-testid="two-factor-enable"
          >
            {t('twoFactor.card.enable')}
          </Button>
        </div>
      ) : (
        <>
          <p className={cards.notice} data-testid="two-factor-codes-left">
            {t('twoFactor.card.codesLeft', { count: status.data.recovery_codes_left })}
          </p>
          {step.kind === 'regenerate' ? (
            <TwoFactorRegenerateForm
              userId={userId}
              onCancel={() => setStep({ kind: 'idle' })}
              onCodes={(codes) => setStep({ kind: 'codes', codes })}
            />
          ) : step.kind === 'disable' ? (
            <TwoFactorDisableForm userId={userId} onDone={() => setStep({ kind: 'idle' })} />
          ) : (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => setStep({ kind: 'regenerate' })}
                data-testid="two-factor-regenerate"
              >
                {t('twoFactor.card.regenerate')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setStep({ kind: 'disable' })}
                data-testid="two-factor-disable"
              >
                {t('twoFactor.card.disable')}
              </Button>
            </div>
          )}
        </>
      )}
    </SettingsCard>
  );
}
