import { Download, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerIdentityMessages } from '../../../shared/i18n/identity/register';
import { Button } from '../../../shared/ui/button/button';
import { toast } from '../../../shared/ui/toast/toast-store';
import { fetchExport } from '../api/identity';
import { saveJson } from '../lib/save-json';
import { SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import { CloseAccountDialog } from './close-account-dialog';
import styles from './identity.module.css';

registerIdentityMessages();

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
    <SettingsCard
      titleId="privacy-title"
      title={t('privacy.title')}
      lead={t('privacy.lead')}
      testId="privacy-card"
    >
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void download()}
          pending={exporting}
          icon={<Download size={18} aria-hidden="true" />}
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
    </SettingsCard>
  );
}
