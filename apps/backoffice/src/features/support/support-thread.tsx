import { operatorSupportPostRequestSchema } from '@casino/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { useSchemaForm } from '../../shared/lib/schema-form';
import { TextField } from '../../shared/ui/field';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states';
import { useCan } from '../auth/session';

export const supportKey = (userId: string) => ['support', 'thread', userId] as const;

/** A player's conversation with support, oldest first, and the answer box (as staff). */
export function SupportThread({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const thread = useQuery({
    queryKey: supportKey(userId),
    queryFn: ({ signal }) => staffCall('support.thread', { params: { userId }, signal }),
    refetchInterval: 15_000,
  });
  const form = useSchemaForm(operatorSupportPostRequestSchema, { text: '' });
  const answer = useMutation({
    mutationFn: (text: string) =>
      staffCall('support.answer', { params: { userId }, body: { text } }),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: ['support'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
  if (thread.isPending) return <Skeleton lines={5} />;
  if (thread.isError) {
    if (isApiError(thread.error) && thread.error.status === 404) {
      return <EmptyState>{t('support.noThread')}</EmptyState>;
    }
    return <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;
  }
  const messages = thread.data.messages;
  return (
    <div className="stack">
      {messages.length === 0 ? (
        <EmptyState>{t('support.noThread')}</EmptyState>
      ) : (
        <ol className="stack" style={{ gap: 8 }} aria-label={t('support.conversation')}>
          {messages.map((message) => (
            <li
              key={message.id}
              className="card"
              style={{
                padding: '10px 14px',
                maxWidth: '80%',
                justifySelf: message.author === 'operator' ? 'end' : 'start',
                background: message.author === 'operator' ? 'var(--accent-soft)' : undefined,
              }}
            >
              <div className="muted" style={{ fontSize: 'var(--fs-12)' }}>
                {message.author === 'operator' ? t('support.staff') : thread.data.username} ·{' '}
                {formatDateTime(message.created_at, i18n.language)}
              </div>
              <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      {can('support:answer') ? (
        <form
          className="stack"
          noValidate
          onSubmit={form.handleSubmit((values) => answer.mutate(values.text))}
        >
          {answer.error ? (
            <p className="banner banner-error" role="alert">
              {errorText(t, (key) => i18n.exists(key), answer.error)}
            </p>
          ) : null}
          <TextField
            label={t('support.answer')}
            multiline
            registration={form.register('text')}
            error={form.formState.errors.text}
            testId="support-answer"
          />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={answer.isPending}>
              {t('support.send')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
