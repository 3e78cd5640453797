import {
  identityErrorCodes,
  ErrorCode,
  type IdentityDocument,
  type IdentityDocumentKind,
} from '@casino/contracts';
import { CheckCircle2, FileUp } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useUploadDocument } from '../api/identity';
import { checkDocument, formatFileSize, maxDocumentMegabytes } from '../lib/document-check';
import cards from '../../../shared/ui/card/card.module.css';
import styles from './identity.module.css';

const accept = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

type UploadError = 'type' | 'size' | 'empty' | 'refused' | 'verified' | 'tooOften' | 'failed';

function uploadError(error: unknown): UploadError {
  if (!isApiError(error)) return 'failed';
  switch (error.code) {
    case identityErrorCodes.DOCUMENT_UNSUPPORTED:
      return 'type';
    case identityErrorCodes.DOCUMENT_EMPTY:
      return 'empty';
    case identityErrorCodes.DOCUMENT_REFUSED:
      return 'refused';
    case identityErrorCodes.ALREADY_VERIFIED:
      return 'verified';
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 'size';
    case ErrorCode.RATE_LIMITED:
      return 'tooOften';
    default:
      return 'failed';
  }
}

/**
 * One document: what was sent (when, how big) and a button that opens the file chooser. The
 * file is checked here first (type by its first bytes, size, not empty), as the server will.
 */
export function DocumentUpload({
  userId,
  kind,
  sent,
  locked,
}: {
  userId: string;
  kind: IdentityDocumentKind;
  sent: IdentityDocument | undefined;
  /** Verified: nothing more to send. */
  locked: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [errorKey, setErrorKey] = useState<UploadError | null>(null);
  const upload = useUploadDocument(userId);
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change too.
    event.target.value = '';
    if (!file) return;
    const problem = await checkDocument(file);
    if (problem) {
      setErrorKey(problem);
      return;
    }
    setErrorKey(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () =>
          toast.success(t('identity.uploadedToast'), t(`identity.documents.${kind}`)),
        onError: (error) => setErrorKey(uploadError(error)),
      },
    );
  };

  return (
    <section
      className={`${cards.card} ${styles.document}`}
      aria-labelledby={titleId}
      data-testid={`identity-document-${kind}`}
    >
      <h2 id={titleId} className={cards.cardTitle}>
        {t(`identity.documents.${kind}`)}
      </h2>
      <p id={hintId} className={cards.cardLead}>
        {t(`identity.documents.${kind}Hint`)}
      </p>
      <p className={styles.documentState} data-sent={sent ? 'true' : 'false'}>
        {sent ? <CheckCircle2 size={16} aria-hidden="true" /> : null}
        {sent
          ? t('identity.uploaded', {
              when: formatDateTime(sent.uploaded_at, language),
              size: formatFileSize(sent.size, language),
            })
          : t('identity.missing')}
      </p>
      {locked ? null : (
        <>
          <input
            ref={inputRef}
            type="file"
            accept={accept}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void onChange(event)}
            data-testid={`identity-file-${kind}`}
          />
          <div className={styles.actions}>
            <Button
              variant={sent ? 'secondary' : 'primary'}
              onClick={() => inputRef.current?.click()}
              pending={upload.isPending}
              aria-describedby={`${hintId} ${errorKey ? errorId : ''}`.trim()}
              icon={<FileUp size={18} aria-hidden="true" />}
              data-testid={`identity-choose-${kind}`}
            >
              {upload.isPending
                ? t('identity.uploading')
                : sent
                  ? t('identity.replace')
                  : t('identity.choose')}
            </Button>
            <span className={styles.formats}>
              {t('identity.formats', { size: maxDocumentMegabytes })}
            </span>
          </div>
          {errorKey ? (
            <p
              id={errorId}
              className={styles.error}
              role="alert"
              data-testid={`identity-error-${kind}`}
            >
              {t(`identity.errors.${errorKey}`, { size: maxDocumentMegabytes })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
