import type { Language } from '@casino/contracts';
import type { StaffFaqEntry, StaffFaqEntryBody } from '@casino/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { errorText } from '../../shared/api/error-text';
import { Dialog } from '../../shared/ui/dialog';
import { toast } from '../../shared/ui/toasts';
import { MarkdownPreview } from './markdown-preview';

const blank: StaffFaqEntryBody = {
  section: { en: '', ru: '' },
  question: { en: '', ru: '' },
  answer: { en: '', ru: '' },
};

/** Add or edit one FAQ entry: both languages, each answer beside its live preview. */
export function FaqDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: StaffFaqEntry | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={entry !== null}
      title={entry === 'new' ? t('content.newEntry') : t('content.editEntry')}
      onClose={onClose}
    >
      {entry !== null ? (
        <FaqForm
          key={entry === 'new' ? 'new' : entry.id}
          entry={entry}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function FaqForm({
  entry,
  onClose,
  onSaved,
}: {
  entry: StaffFaqEntry | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [body, setBody] = useState<StaffFaqEntryBody>(
    entry === 'new'
      ? blank
      : { section: entry.section, question: entry.question, answer: entry.answer },
  );
  const save = useMutation({
    mutationFn: () =>
      entry === 'new'
        ? staffCall('content.faq.create', { body })
        : staffCall('content.faq.update', { params: { entryId: entry.id }, body }),
    onSuccess: () => {
      toast(t('common.saved'));
      onSaved();
      onClose();
    },
  });
  const set = (part: keyof StaffFaqEntryBody, lang: Language, value: string) =>
    setBody((all) => ({ ...all, [part]: { ...all[part], [lang]: value } }));
  const empty = (['en', 'ru'] as const).every(
    (l) => body.question[l].trim() === '' || body.answer[l].trim() === '',
  );

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <p className="muted">{t('content.entryHint')}</p>
      {save.error ? (
        <p className="banner banner-error" role="alert">
          {errorText(t, (key) => i18n.exists(key), save.error)}
        </p>
      ) : null}
      <div className="faq-answer">
        {(['en', 'ru'] as const).map((lang) => (
          <fieldset key={lang} className="stack" lang={lang} style={{ border: 0, padding: 0 }}>
            <legend className="card-title">{t(`content.${lang}`)}</legend>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${lang}-section`}>
                {t('content.section')}
              </label>
              <input
                id={`${id}-${lang}-section`}
                className="input"
                value={body.section[lang]}
                maxLength={200}
                onChange={(e) => set('section', lang, e.target.value)}
                data-testid={`faq-section-${lang}`}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${lang}-question`}>
                {t('content.question')}
              </label>
              <input
                id={`${id}-${lang}-question`}
                className="input"
                value={body.question[lang]}
                maxLength={300}
                onChange={(e) => set('question', lang, e.target.value)}
                data-testid={`faq-question-${lang}`}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${lang}-answer`}>
                {t('content.answer')}
              </label>
              <textarea
                id={`${id}-${lang}-answer`}
                className="textarea"
                value={body.answer[lang]}
                onChange={(e) => set('answer', lang, e.target.value)}
                data-testid={`faq-answer-${lang}`}
              />
            </div>
            <MarkdownPreview label={`${t('content.preview')}: ${t(`content.${lang}`)}`}>
              {body.answer[lang].trim() === '' ? t('content.previewEmpty') : body.answer[lang]}
            </MarkdownPreview>
          </fieldset>
        ))}
      </div>
      <div className="actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending || empty}
          data-testid="faq-save"
        >
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
