import type { SupportThreadStatus } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { toast } from '../../shared/ui/toasts';
import { useCan } from '../auth/session';

/**
 * Close a thread (nothing more to answer; the player's next message reopens it) or reopen a
 * closed one. Shown to those who may answer (`support:answer`); the server checks again.
 */
export function ThreadStateButton({
  userId,
  status,
}: {
  userId: string;
  status: SupportThreadStatus;
}) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const closing = status !== 'closed';
  const change = useMutation({
    mutationFn: () =>
      staffCall(closing ? 'support.close' : 'support.reopen', { params: { userId } }),
    onSuccess: () => {
      toast(closing ? t('support.closed') : t('support.reopened'));
      void client.invalidateQueries({ queryKey: ['support'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  if (!can('support:answer')) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      disabled={change.isPending}
      onClick={() => change.mutate()}
      data-testid={closing ? 'support-close' : 'support-reopen'}
    >
      {closing ? t('support.close') : t('support.reopen')}
    </button>
  );
}
