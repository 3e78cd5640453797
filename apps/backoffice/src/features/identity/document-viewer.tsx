import type { IdentityDocument } from '@casino/contracts';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRoutePath } from '@casino/contracts/operator';
import { apiFetch, ApiError, clientErrorCode } from '../../shared/api/client';
import { formatDateTime } from '../../shared/lib/format';
import { ErrorState, Skeleton } from '../../shared/ui/states';

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'ready'; url: string; type: string };

/**
 * One identity document, shown inline: fetched as bytes with the staff session (each opening
 * is an audited read on the server), turned into a local blob address of a type we set
 * ourselves from the server's sniffed type (never text/html, whatever the bytes say), and
 * forgotten when the viewer closes. A picture is an <img> (it cannot run anything); a PDF is a
 * frame the browser's own PDF viewer fills (a sandboxed frame refuses the viewer in Chromium),
 * and the server refuses active PDFs at upload. Nothing of it is cached by the app.
 */
export function DocumentViewer({
  userId,
  document: doc,
  attempt = 0,
}: {
  userId: string;
  document: IdentityDocument;
  attempt?: number;
}) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [retry, setRetry] = useState(attempt);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setLoaded({ state: 'loading' });
    apiFetch(staffRoutePath('identity.document', { userId, kind: doc.kind }), {
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) {
          throw new ApiError({
            status: response.status,
            code: response.status === 403 ? 'FORBIDDEN' : clientErrorCode.http,
            message: `HTTP ${response.status}`,
          });
        }
        const type = doc.content_type;
        const blob = new Blob([await response.arrayBuffer()], { type });
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url, type });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'error', error });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [userId, doc.kind, doc.content_type, retry]);

  const title = t(`identity.documents.${doc.kind}`);
  return (
    <figure className="card stack" style={{ gap: 8 }} data-testid={`document-${doc.kind}`}>
      <figcaption className="card-title" style={{ marginBottom: 0 }}>
        <span>{title}</span>
        <span className="muted" style={{ fontSize: 'var(--fs-12)', fontWeight: 400 }}>
          {doc.content_type} · {Math.ceil(doc.size / 1024)} KB ·{' '}
          {formatDateTime(doc.uploaded_at, i18n.language)}
        </span>
      </figcaption>
      {loaded.state === 'loading' ? <Skeleton lines={6} /> : null}
      {loaded.state === 'error' ? (
        <ErrorState error={loaded.error} onRetry={() => setRetry((n) => n + 1)} />
      ) : null}
      {loaded.state === 'ready' ? (
        <>
          {loaded.type === 'application/pdf' ? (
            <iframe
              className="document-frame"
              title={title}
              src={loaded.url}
              referrerPolicy="no-referrer"
            />
          ) : (
            <div className="document-frame">
              <img src={loaded.url} alt={title} />
            </div>
          )}
          <a
            className="btn btn-secondary btn-sm"
            href={loaded.url}
            download={`${doc.kind}-${userId}.${loaded.type === 'application/pdf' ? 'pdf' : loaded.type === 'image/png' ? 'png' : 'jpg'}`}
            style={{ justifySelf: 'start' }}
          >
            <Download size={14} aria-hidden="true" />
            {t('identity.download')}
          </a>
        </>
      ) : null}
    </figure>
  );
}
