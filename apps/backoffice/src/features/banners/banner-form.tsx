import { bannerCopySchema, bannerLimits, bannerLinkSchema } from '@casino/contracts';
import type { StaffBanner } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { applyServerFieldErrors, useSchemaForm } from '../../shared/lib/schema-form';
import { TextField } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toasts';
import { BannerPreview } from './banner-preview';
import { bannersKey, uploadBannerArt } from './banners-api';

/** `datetime-local` text, empty for "no bound"; the server takes ISO instants. */
const localTime = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/);

const formSchema = z
  .object({
    en: bannerCopySchema,
    ru: bannerCopySchema,
    link: bannerLinkSchema,
    guestRegister: z.boolean(),
    startsAt: localTime,
    endsAt: localTime,
  })
  .refine((f) => !f.startsAt || !f.endsAt || f.endsAt > f.startsAt, {
    message: 'endBeforeStart',
    path: ['endsAt'],
  });
type FormValues = z.input<typeof formSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the browser's local `datetime-local` value. */
function toLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

const emptyCopy = { eyebrow: '', title: '', text: '', cta: '' };

function defaults(banner: StaffBanner | null): FormValues {
  return {
    en: banner?.copy.en ?? emptyCopy,
    ru: banner?.copy.ru ?? emptyCopy,
    link: banner?.link ?? '/casino',
    guestRegister: banner?.guest_action === 'register',
    startsAt: toLocal(banner?.starts_at ?? null),
    endsAt: toLocal(banner?.ends_at ?? null),
  };
}

/** A chosen file and its local preview URL (revoked when replaced or left). */
function useChosenFile() {
  const [file, setFile] = useState<File | null>(null);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { file, url, setFile };
}

/**
 * Create or edit a banner: the copy in both languages, the link, the schedule, both cuts of
 * the art (each previewed as chosen, uploaded after the banner is saved), and the phone and
 * wide previews as the carousel will lay them out.
 */
export function BannerForm({ banner, onDone }: { banner: StaffBanner | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const form = useSchemaForm(formSchema, defaults(banner));
  const { register, handleSubmit, formState, watch } = form;
  const desktop = useChosenFile();
  const mobile = useChosenFile();
  const [fileError, setFileError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (values: z.output<typeof formSchema>) => {
      const body = {
        link: values.link,
        guest_action: values.guestRegister ? ('register' as const) : null,
        copy: { en: values.en, ru: values.ru },
        starts_at: toIso(values.startsAt),
        ends_at: toIso(values.endsAt),
      };
      const saved = banner
        ? await staffCall('banners.update', { params: { bannerId: banner.id }, body })
        : await staffCall('banners.create', { body });
      for (const [cut, chosen] of [
        ['desktop', desktop.file],
        ['mobile', mobile.file],
      ] as const) {
        if (chosen) await uploadBannerArt(saved.id, cut, chosen);
      }
      return saved;
    },
    onSuccess: () => {
      toast(t('common.saved'));
      onDone();
    },
    onError: (error) => applyServerFieldErrors(form, error),
    onSettled: () => client.invalidateQueries({ queryKey: bannersKey }),
  });

  const choose = (target: ReturnType<typeof useChosenFile>) => (files: FileList | null) => {
    const file = files?.[0] ?? null;
    if (file && file.size > bannerLimits.artMaxBytes) {
      setFileError(t('banners.form.artTooBig'));
      target.setFile(null);
      return;
    }
    setFileError(null);
    target.setFile(file);
  };

  const copy = { en: watch('en'), ru: watch('ru') };
  const endsError = formState.errors.endsAt;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(values))}
      data-testid="banner-form"
    >
      <div className="banner-form-grid">
        {(['en', 'ru'] as const).map((lang) => (
          <fieldset key={lang} className="card stack" lang={lang}>
            <legend className="card-title">
              {lang === 'en' ? t('banners.form.english') : t('banners.form.russian')}
            </legend>
            <TextField
              label={t('banners.form.eyebrow')}
              registration={register(`${lang}.eyebrow`)}
              error={formState.errors[lang]?.eyebrow}
              testId={`banner-${lang}-eyebrow`}
            />
            <TextField
              label={t('banners.form.title')}
              registration={register(`${lang}.title`)}
              error={formState.errors[lang]?.title}
              testId={`banner-${lang}-title`}
            />
            <TextField
              label={t('banners.form.text')}
              registration={register(`${lang}.text`)}
              error={formState.errors[lang]?.text}
              multiline
              testId={`banner-${lang}-text`}
            />
            <TextField
              label={t('banners.form.cta')}
              registration={register(`${lang}.cta`)}
              error={formState.errors[lang]?.cta}
              testId={`banner-${lang}-cta`}
            />
          </fieldset>
        ))}
      </div>

      <div className="card stack">
        <TextField
          label={t('banners.form.link')}
          hint={t('banners.form.linkHint')}
          registration={register('link')}
          error={formState.errors.link}
          testId="banner-link"
        />
        <label className="check">
          <input type="checkbox" {...register('guestRegister')} />
          {t('banners.form.guestRegister')}
        </label>
        <div className="banner-form-grid">
          <TextField
            label={t('banners.form.startsAt')}
            type="datetime-local"
            registration={register('startsAt')}
            error={formState.errors.startsAt}
            testId="banner-starts"
          />
          <div className="field">
            <TextField
              label={t('banners.form.endsAt')}
              type="datetime-local"
              registration={register('endsAt')}
              error={endsError?.message === 'endBeforeStart' ? undefined : endsError}
              testId="banner-ends"
            />
            {endsError?.message === 'endBeforeStart' ? (
              <p className="field-error" role="alert">
                {t('banners.form.endBeforeStart')}
              </p>
            ) : null}
          </div>
        </div>
        <p className="field-hint">{t('banners.form.scheduleHint')}</p>
      </div>

      <div className="card stack">
        <h2 className="card-title">{t('banners.form.art')}</h2>
        <p className="field-hint" id={`${id}-art-hint`}>
          {t('banners.form.artHint')}
        </p>
        <div className="banner-form-grid">
          {(
            [
              ['desktop', desktop, t('banners.form.desktopArt'), banner?.desktop ?? null],
              ['mobile', mobile, t('banners.form.mobileArt'), banner?.mobile ?? null],
            ] as const
          ).map(([cut, chosen, label, current]) => (
            <div key={cut} className="field">
              <label className="field-label" htmlFor={`${id}-${cut}`}>
                {label}
              </label>
              <input
                id={`${id}-${cut}`}
                className="input"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby={`${id}-art-hint`}
                data-testid={`banner-art-${cut}`}
                onChange={(event) => choose(chosen)(event.target.files)}
              />
              {chosen.url || current ? (
                <img
                  className="banner-file-preview"
                  src={chosen.url ?? current ?? ''}
                  alt={label}
                />
              ) : null}
            </div>
          ))}
        </div>
        {fileError ? (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>

      <BannerPreview
        copy={copy}
        desktop={desktop.url ?? banner?.desktop ?? null}
        mobile={mobile.url ?? banner?.mobile ?? null}
      />

      {save.isError ? (
        <p className="field-error" role="alert" data-testid="banner-save-error">
          {errorText(t, (key) => i18n.exists(key), save.error)}
        </p>
      ) : null}
      <div className="banner-actions">
        <button
          type="submit"
          className="btn btn-accent"
          disabled={save.isPending}
          data-testid="banner-save"
        >
          {save.isPending ? t('banners.form.saving') : t('banners.form.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('banners.back')}
        </button>
      </div>
    </form>
  );
}
