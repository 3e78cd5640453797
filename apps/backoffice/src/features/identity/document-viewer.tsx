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
  | { state: 'ready'; url: string; type: string; pages: string[] | null; total: number };

/** The width pages are drawn for (the viewer's column on a wide screen). */
const pageWidth = 720;

/**
 * One identity document, shown inline: fetched as bytes with the staff session (each opening
 * is an audited read on the server), turned into a local blob address of a type we set
 * ourselves from the server's sniffed type (never text/html, whatever the bytes say), and
 * forgotten when the viewer closes. A picture is an <img> (it cannot run anything). A PDF is
 * never opened inline: its pages are drawn to pictures by pdf.js, loaded only now
 * (pdf-pages.ts, decision 081), and shown as <img> too; the original is only downloaded. The
 * server refuses active PDFs at upload anyway. Nothing of it is cached by the app.
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
    let pages: string[] = [];
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
        const bytes = await response.arrayBuffer();
        url = URL.createObjectURL(new Blob([bytes], { type }));
        if (type !== 'application/pdf') {
          setLoaded({ state: 'ready', url, type, pages: null, total: 1 });
          return;
        }
        const { renderPdfPages } = await import('./pdf-pages');
        const rendered = await renderPdfPages(bytes, pageWidth, controller.signal);
        pages = rendered.urls;
        if (controller.signal.aborted) {
          for (const page of pages) URL.revokeObjectURL(page);
          return;
        }
        setLoaded({ state: 'ready', url, type, pages, total: rendered.total });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'error', error });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      for (const page of pages) URL.revokeObjectURL(page);
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
          {loaded.pages ? (
            <div className="document-frame document-pages" data-testid="document-pages">
              {loaded.pages.map((page, index) => (
                <img
                  key={page}
                  src={page}
                  alt={t('identity.page', { title, page: index + 1, count: loaded.total })}
                />
              ))}
              {loaded.total > loaded.pages.length ? (
                <p className="muted">
                  {t('identity.morePages', { count: loaded.total - loaded.pages.length })}
                </p>
              ) : null}
            </div>
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
