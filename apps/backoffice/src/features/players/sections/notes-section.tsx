import { staffNoteRequestSchema } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime } from '../../../shared/lib/format';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { TextField } from '../../../shared/ui/field';
import { EmptyState, QueryView } from '../../../shared/ui/states';
import { useCan } from '../../auth/session';
import { playerKey } from '../player-queries';

/** Staff notes: append-only (no edit, no delete), newest first, each with its author. */
export function NotesSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const key = [...playerKey(userId), 'notes'];
  const notes = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => staffCall('players.notes', { params: { userId }, signal }),
  });
  const form = useSchemaForm(staffNoteRequestSchema, { text: '' });
  const add = useMutation({
    mutationFn: (text: string) =>
      staffCall('players.notes.add', { params: { userId }, body: { text } }),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: playerKey(userId) });
    },
  });
  return (
    <div className="stack">
      {can('players:notes') ? (
        <form
          className="stack"
          noValidate
          onSubmit={form.handleSubmit((values) => add.mutate(values.text))}
        >
          {add.error ? (
            <p className="banner banner-error" role="alert">
              {errorText(t, (k) => i18n.exists(k), add.error)}
            </p>
          ) : null}
          <TextField
            label={t('notes.new')}
            hint={t('notes.hint')}
            multiline
            registration={form.register('text')}
            error={form.formState.errors.text}
            testId="note-text"
          />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {t('notes.add')}
            </button>
          </div>
        </form>
      ) : null}
      <QueryView query={notes} lines={4}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState>{t('notes.empty')}</EmptyState>
          ) : (
            <ol className="stack" style={{ gap: 8 }} data-testid="notes">
              {data.data.map((note) => (
                <li key={note.id} className="card" style={{ padding: '10px 14px' }}>
                  <div className="muted" style={{ fontSize: 'var(--fs-12)' }}>
                    {note.author} · {formatDateTime(note.created_at, i18n.language)}
                  </div>
                  <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</p>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
    </div>
  );
}
