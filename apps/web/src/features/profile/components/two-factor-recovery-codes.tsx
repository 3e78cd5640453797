import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';
import { useCopyText } from './use-copy-text';

/** The ten codes, shown once: copy, download as a text file, done. */
export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = useCopyText();
  const text = codes.join('\n');

  const download = () => {
    const body = `${t('twoFactor.card.fileTitle')}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'orbita-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className={styles.setup} data-testid="two-factor-recovery-codes">
      <h3 className={cards.codeTitle}>{t('twoFactor.card.codesTitle')}</h3>
      <p className={cards.cardLead}>{t('twoFactor.card.codesLead')}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code} data-testid="two-factor-recovery-code">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void copy(text)}
          icon={<Copy size={16} aria-hidden="true" />}
          data-testid="two-factor-copy-codes"
        >
          {t('twoFactor.card.copyCodes')}
        </Button>
        <Button
          variant="secondary"
          onClick={download}
          icon={<Download size={16} aria-hidden="true" />}
          data-testid="two-factor-download-codes"
        >
          {t('twoFactor.card.download')}
        </Button>
        <Button variant="primary" onClick={onDone} data-testid="two-factor-codes-done">
          {t('twoFactor.card.done')}
        </Button>
      </div>
    </div>
  );
}
