import type { StaffSetupLinkResponse } from '@casino/contracts/operator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/format';
import { Dialog } from '../../shared/ui/dialog';

/** The link is shown once: to be handed to the person over a channel the admin trusts. */
export function SetupLinkDialog({
  link,
  onClose,
}: {
  link: StaffSetupLinkResponse | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const url = link ? new URL(link.setup_link, window.location.origin).toString() : '';
  return (
    <Dialog
      open={link !== null}
      title={t('staff.linkTitle', { email: link?.staff.email ?? '' })}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
    >
      <p>{t('staff.linkHint', { date: formatDateTime(link?.expires_at, i18n.language) })}</p>
      <input
        className="input"
        readOnly
        value={url}
        aria-label={t('staff.link')}
        data-testid="setup-link"
        onFocus={(e) => e.target.select()}
      />
      <div className="actions" style={{ justifyContent: 'flex-end' }}>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? t('staff.copied') : t('staff.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.done')}
        </button>
      </div>
    </Dialog>
  );
}
