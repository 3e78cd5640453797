import { contentPageSlugs, type ContentPageSlug, type Language } from '@casino/contracts';
import type { StaffPage, StaffPageTexts } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { staffCall } from '../../shared/api/staff-api';
import { errorText } from '../../shared/api/error-text';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { Dialog } from '../../shared/ui/dialog';
import { QueryView } from '../../shared/ui/states';
import { Tabs } from '../../shared/ui/tabs';
import { toast } from '../../shared/ui/toasts';
import { MarkdownPreview } from './markdown-preview';
import './content.css';

const isSlug = (value: string | undefined): value is ContentPageSlug =>
  (contentPageSlugs as readonly string[]).includes(value ?? '');

/** One page's editor: both languages (tabs), Markdown beside its live preview, publish. */
export default function PageEditorPage() {
  const { slug } = useParams();
  if (!isSlug(slug)) return <NotFoundPage />;
  return <PageEditorLoader slug={slug} />;
}

function PageEditorLoader({ slug }: { slug: ContentPageSlug }) {
  const { t } = useTranslation();
  const name = t(`content.slug.${slug}`);
  usePageTitle(name);
  const page = useQuery({
    queryKey: ['content', 'page', slug],
    queryFn: ({ signal }) => staffCall('content.page', { params: { slug }, signal }),
  });
  return (
    <section className="page">
      <div className="page-head">
        <div className="stack" style={{ gap: 4 }}>
          <Link to="/content" className="muted">
            ← {t('content.back')}
          </Link>
          <h1 className="page-title">{name}</h1>
        </div>
      </div>
      <QueryView query={page} lines={10}>
        {/* Keyed by the last change, so a saved or published page starts a fresh form. */}
        {(data) => (
          <PageEditor key={`${data.updated_at}-${data.has_draft}`} page={data} name={name} />
        )}
      </QueryView>
    </section>
  );
}

const same = (a: StaffPageTexts, b: StaffPageTexts) => JSON.stringify(a) === JSON.stringify(b);

function PageEditor({ page, name }: { page: StaffPage; name: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [lang, setLang] = useState<Language>('en');
  const [texts, setTexts] = useState<StaffPageTexts>(page.draft);
  const [saved, setSaved] = useState<StaffPageTexts>(page.draft);
  const [confirming, setConfirming] = useState(false);
  const dirty = !same(texts, saved);
  const missingTitle = texts.en.title.trim() === '' || texts.ru.title.trim() === '';

  const refresh = async (next: StaffPage) => {
    client.setQueryData(['content', 'page', page.slug], next);
    await client.invalidateQueries({ queryKey: ['content', 'pages'] });
  };
  const save = useMutation({
    mutationFn: () => staffCall('content.page.save', { params: { slug: page.slug }, body: texts }),
    onSuccess: (next) => {
      setSaved(texts);
      toast(t('common.saved'));
      void refresh(next);
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty || !page.has_draft) {
        await staffCall('content.page.save', { params: { slug: page.slug }, body: texts });
      }
      return staffCall('content.page.publish', { params: { slug: page.slug } });
    },
    onSuccess: (next) => {
      setConfirming(false);
      toast(t('content.published'));
      void refresh(next);
    },
  });
  const text = texts[lang];
  const set = (part: Partial<StaffPageTexts[Language]>) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], ...part } }));
  const failure = save.error ?? publish.error;

  return (
    <div className="stack">
      <div className="card stack" style={{ gap: 8 }}>
        <div className="actions" style={{ flexWrap: 'wrap' }}>
          <span className="muted">
            {t('content.updated', { date: formatDateTime(page.updated_at, i18n.language) })}
          </span>
          {page.versioned && page.version ? (
            <span className="muted">
              {t('content.version', {
                version: page.version.version,
                date: formatDateTime(page.version.published_at, i18n.language),
              })}
            </span>
          ) : null}
          {page.has_draft && !dirty ? (
            <span className="chip chip-warning">{t('content.draft')}</span>
          ) : null}
          {dirty ? <span className="chip chip-accent">{t('content.unsaved')}</span> : null}
        </div>
        {page.versioned ? <p className="muted">{t('content.versioned')}</p> : null}
        {failure ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), failure)}
          </p>
        ) : null}
        {missingTitle ? (
          <p className="banner banner-warning" role="status">
            {t('content.titleRequired')}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!dirty || missingTitle || save.isPending}
            onClick={() => save.mutate()}
            data-testid="content-save"
          >
            {t('content.saveDraft')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={(!dirty && !page.has_draft) || missingTitle}
            onClick={() => setConfirming(true)}
            data-testid="content-publish"
          >
            {t('content.publish')}
          </button>
        </div>
      </div>
      <Tabs
        label={t('content.language')}
        items={[
          { key: 'en', label: t('content.en') },
          { key: 'ru', label: t('content.ru') },
        ]}
        selected={lang}
        onSelect={setLang}
      >
        <div className="content-editor">
          <div className="card stack">
            <div className="field">
              <label className="field-label" htmlFor={`${id}-title`}>
                {t('content.title')}
              </label>
              <input
                id={`${id}-title`}
                className="input"
                value={text.title}
                maxLength={200}
                aria-invalid={text.title.trim() === ''}
                onChange={(event) => set({ title: event.target.value })}
                data-testid="content-title"
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-markdown`}>
                {t('content.markdown')}
              </label>
              <textarea
                id={`${id}-markdown`}
                className="textarea"
                value={text.markdown}
                aria-describedby={`${id}-hint`}
                onChange={(event) => set({ markdown: event.target.value })}
                data-testid="content-markdown"
              />
              <p className="field-hint" id={`${id}-hint`}>
                {t('content.markdownHint')}
              </p>
            </div>
          </div>
          <div className="card stack">
            <h2 className="card-title">{t('content.preview')}</h2>
            <MarkdownPreview
              title={text.title}
              label={t('content.preview')}
              testId="content-preview"
            >
              {text.markdown.trim() === '' ? t('content.previewEmpty') : text.markdown}
            </MarkdownPreview>
          </div>
        </div>
      </Tabs>
      <Dialog
        open={confirming}
        title={t('content.publishTitle', { page: name })}
        onClose={() => {
          publish.reset();
          setConfirming(false);
        }}
      >
        <div className="stack">
          <p>{t('content.publishHint')}</p>
          {page.versioned ? (
            <p className="banner banner-warning">{t('content.publishVersioned')}</p>
          ) : null}
          {publish.error ? (
            <p className="banner banner-error" role="alert">
              {errorText(t, (key) => i18n.exists(key), publish.error)}
            </p>
          ) : null}
          <div className="actions" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={publish.isPending}
              onClick={() => publish.mutate()}
              data-testid="content-publish-confirm"
            >
              {t('content.publish')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
