import { playerTagSchema } from '@casino/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { toast } from '../../../shared/ui/toasts';
import { useCan } from '../../auth/session';
import { useRefreshPlayer } from '../player-queries';

/** A player's tags: shown to all; added and removed by those with players:tags. */
export function TagsEditor({ userId, tags }: { userId: string; tags: string[] }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const id = useId();
  const refresh = useRefreshPlayer(userId);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (next: string[]) =>
      staffCall('players.tags', { params: { userId }, body: { tags: next } }),
    onSuccess: () => {
      setDraft('');
      refresh();
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  const editable = can('players:tags');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = playerTagSchema.safeParse(draft);
    setInvalid(!parsed.success);
    if (!parsed.success || tags.includes(parsed.data)) return;
    save.mutate([...tags, parsed.data]);
  };
  return (
    <div className="stack" style={{ gap: 8, marginTop: 16 }}>
      <h3 className="field-label" id={`${id}-title`}>
        {t('tags.title')}
      </h3>
      <ul className="actions" aria-labelledby={`${id}-title`} data-testid="player-tags">
        {tags.length === 0 ? <li className="muted">{t('tags.none')}</li> : null}
        {tags.map((tag) => (
          <li key={tag} className="chip chip-accent">
            {tag}
            {editable ? (
              <button
                type="button"
                aria-label={t('tags.remove', { tag })}
                style={{
                  border: 0,
                  background: 'none',
                  color: 'inherit',
                  padding: 0,
                  display: 'inline-flex',
                }}
                disabled={save.isPending}
                onClick={() => save.mutate(tags.filter((item) => item !== tag))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <form className="toolbar" onSubmit={add} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-new`}>
              {t('tags.add')}
            </label>
            <input
              id={`${id}-new`}
              className="input"
              value={draft}
              maxLength={32}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
            {invalid ? (
              <span id={`${id}-error`} className="field-error">
                {t('tags.invalid')}
              </span>
            ) : null}
          </div>
          <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
            {t('tags.addButton')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
