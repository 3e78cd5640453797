import type { StaffFaqEntry } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { errorText } from '../../shared/api/error-text';
import { Dialog } from '../../shared/ui/dialog';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { FaqDialog } from './faq-dialog';

const key = ['content', 'faq'];

/** The FAQ's entries in their order: add, edit, move up or down, remove (each at once). */
export function FaqList() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const faq = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => staffCall('content.faq', { signal }),
  });
  const [editing, setEditing] = useState<StaffFaqEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffFaqEntry | null>(null);
  const settle = (data: StaffFaqEntry[]) => client.setQueryData(key, { data });
  const move = useMutation({
    mutationFn: (ids: string[]) => staffCall('content.faq.order', { body: { ids } }),
    onSuccess: (answer) => settle(answer.data),
    onError: (error) =>
      toast(
        t('common.actionFailed', { message: errorText(t, (k) => i18n.exists(k), error) }),
        'error',
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => staffCall('content.faq.delete', { params: { entryId: id } }),
    onSuccess: (answer) => {
      settle(answer.data);
      setRemoving(null);
      toast(t('content.removed'));
    },
  });
  const lang = i18n.language.startsWith('ru') ? 'ru' : 'en';
  const other = lang === 'ru' ? 'en' : 'ru';

  return (
    <div className="card stack">
      <div className="actions" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <p className="muted">{t('content.entryHint')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEditing('new')}
          data-testid="faq-add"
        >
          {t('content.addEntry')}
        </button>
      </div>
      <QueryView query={faq} lines={8}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{t('content.faqEmpty')}</EmptyState>
          ) : (
            <ol className="content-list" data-testid="faq-entries">
              {data.map((entry, index) => {
                const question = entry.question[lang] || entry.question[other];
                const order = (to: number) => {
                  const ids = data.map((e) => e.id);
                  ids.splice(index, 1);
                  ids.splice(to, 0, entry.id);
                  move.mutate(ids);
                };
                const hidden = (['en', 'ru'] as const).filter(
                  (l) => entry.question[l].trim() === '' || entry.answer[l].trim() === '',
                );
                return (
                  <li key={entry.id} className="content-item" data-testid="faq-entry">
                    <div className="content-item-main">
                      <span className="muted">{entry.section[lang] || entry.section[other]}</span>
                      <strong>{question}</strong>
                      {hidden.map((l) => (
                        <span key={l} className="chip chip-warning">
                          {t('content.missingLanguage', { lang: t(`content.${l}`) })}
                        </span>
                      ))}
                    </div>
                    <div className="actions">
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('content.moveUp', { question })}
                        disabled={index === 0 || move.isPending}
                        onClick={() => order(index - 1)}
                      >
                        <ArrowUp size={18} aria-hidden />
                      </button>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('content.moveDown', { question })}
                        disabled={index === data.length - 1 || move.isPending}
                        onClick={() => order(index + 1)}
                      >
                        <ArrowDown size={18} aria-hidden />
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`${t('content.edit')}: ${question}`}
                        onClick={() => setEditing(entry)}
                      >
                        {t('content.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-danger btn-sm"
                        aria-label={`${t('content.remove')}: ${question}`}
                        onClick={() => setRemoving(entry)}
                      >
                        {t('content.remove')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryView>
      <FaqDialog
        entry={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: key })}
      />
      <Dialog
        open={removing !== null}
        title={t('content.removeTitle')}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        <div className="stack">
          <p>
            <strong>{removing ? removing.question[lang] || removing.question[other] : ''}</strong>
          </p>
          <p>{t('content.removeHint')}</p>
          {remove.error ? (
            <p className="banner banner-error" role="alert">
              {errorText(t, (k) => i18n.exists(k), remove.error)}
            </p>
          ) : null}
          <div className="actions" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() => removing && remove.mutate(removing.id)}
              data-testid="faq-remove-confirm"
            >
              {t('content.remove')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
