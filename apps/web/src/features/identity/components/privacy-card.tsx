import { accountErrorCodes, authErrorCodes } from '@casino/contracts';
import { Download, UserX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerIdentityMessages } from '../../../shared/i18n/identity/register';
import { isApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { endSession, useSecondFactorField } from '../../auth';
import { fetchExport, postClose } from '../api/identity';
import cards from '../../../shared/ui/card/card.module.css';
import styles from './identity.module.css';

registerIdentityMessages();

/** Saves a JSON value as a file through a temporary link (the bearer token stays in JS). */
function saveJson(value: unknown, name: string) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type CloseError = 'wrongPassword' | 'balanceNotZero' | 'withdrawalPending' | 'closeFailed';

function closeError(error: unknown): CloseError {
  if (!isApiError(error)) return 'closeFailed';
  if (error.code === authErrorCodes.WRONG_PASSWORD) return 'wrongPassword';
  if (error.code === accountErrorCodes.CLOSE_BALANCE_NOT_ZERO) return 'balanceNotZero';
  if (error.code === accountErrorCodes.CLOSE_WITHDRAWAL_PENDING) return 'withdrawalPending';
  return 'closeFailed';
}

/**
 * The profile's card of the player's data (decision 053): download everything as a JSON file,
 * and close the account after a confirmation with the password.
 */
export function PrivacyCard() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [closing, setClosing] = useState(false);

  const download = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const data = await fetchExport();
      saveJson(data, `orbita-data-${new Date().toISOString().slice(0, 10)}.json`);
      toast.success(t('privacy.exported'), t('privacy.title'));
    } catch (error) {
      console.error('Data export failed', error);
      toast.error(t('privacy.exportFailed'), t('privacy.title'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={cards.card} aria-labelledby="privacy-title" data-testid="privacy-card">
      <div className={cards.cardHeader}>
        <h2 id="privacy-title" className={cards.cardTitle}>
          {t('privacy.title')}
        </h2>
        <p className={cards.cardLead}>{t('privacy.lead')}</p>
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void download()}
          disabled={exporting}
          icon={exporting ? <Spinner /> : <Download size={18} aria-hidden="true" />}
          data-testid="privacy-export"
        >
          {exporting ? t('privacy.exporting') : t('privacy.export')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setClosing(true)}
          icon={<UserX size={18} aria-hidden="true" />}
          data-testid="privacy-close"
        >
          {t('privacy.close')}
        </Button>
      </div>
      {closing ? <CloseAccountDialog onClose={() => setClosing(false)} /> : null}
    </section>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<CloseError | null>(null);
  const [pending, setPending] = useState(false);
  const secondFactor = useSecondFactorField('close-two-factor');
  const warningId = useId();
  const fieldId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (password === '') {
      setErrorKey('wrongPassword');
      return;
    }
    setPending(true);
    try {
      await postClose({ password, ...secondFactor.body });
      endSession('logout');
      toast.success(t('privacy.closed'));
      void navigate('/', { replace: true });
    } catch (error) {
      // A refused code is shown under its own field; anything else under the password.
      if (!secondFactor.refused(error)) setErrorKey(closeError(error));
      setPending(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={t('privacy.closeTitle')} name="close-account">
      <form className={styles.dialog} onSubmit={(event) => void submit(event)} noValidate>
        <p id={warningId} className={styles.warning}>
          {t('privacy.closeWarning')}
        </p>
        <PasswordField
          id={fieldId}
          label={t('privacy.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorKey ? t(`privacy.${errorKey}`) : undefined}
          aria-describedby={warningId}
          data-autofocus
          testId="close-password"
        />
        {secondFactor.field}
        <div className={styles.actions}>
          <Button
            type="submit"
            variant="danger"
            disabled={pending}
            icon={pending ? <Spinner /> : undefined}
            data-testid="close-confirm"
          >
            {t('privacy.confirm')}
          </Button>
          <Button type="button" variant="ghost" onClick={onClose} data-testid="close-cancel">
            {t('privacy.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
