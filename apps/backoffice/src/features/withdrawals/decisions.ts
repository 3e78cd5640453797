import type { StaffMe } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { toast } from '../../shared/ui/toasts';

/** Whether the signed-in person asked for this approval (they cannot give the second one). */
export function isMine(me: StaffMe | undefined, requestedBy: string): boolean {
  return me !== undefined && (requestedBy === me.id || requestedBy === me.email);
}

/**
 * The decisions of the withdrawal desk. An approval above the four-eyes amount answers 202: the
 * money has not moved, and the withdrawal waits for a second, different person.
 */
export function useWithdrawalDecisions() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['withdrawals'] });
    void client.invalidateQueries({ queryKey: ['approvals'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
    void client.invalidateQueries({ queryKey: ['player'] });
  };
  const onError = (error: Error) => {
    toast(
      errorText(t, (k) => i18n.exists(k), error),
      'error',
    );
    refresh();
  };
  const approve = useMutation({
    mutationFn: (id: string) => staffCall('withdrawals.approve', { params: { id } }),
    onSuccess: (result) => {
      toast(
        'outcome' in result && result.outcome === 'awaiting_second_approval'
          ? t('withdrawals.awaitingSecond')
          : t('withdrawals.approved'),
      );
      refresh();
    },
    onError,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      staffCall('withdrawals.reject', { params: { id }, body: { reason } }),
    onSuccess: () => {
      toast(t('withdrawals.rejected'));
      refresh();
    },
    onError: refresh,
  });
  const secondApprove = useMutation({
    mutationFn: (approvalId: string) => staffCall('approvals.approve', { params: { approvalId } }),
    onSuccess: (result) => {
      toast(
        result.status === 'failed'
          ? t('withdrawals.approvalFailed', { reason: result.failure ?? '' })
          : t('withdrawals.secondDone'),
      );
      refresh();
    },
    onError,
  });
  const refuse = useMutation({
    mutationFn: ({ approvalId, reason }: { approvalId: string; reason: string }) =>
      staffCall('approvals.reject', { params: { approvalId }, body: { reason } }),
    onSuccess: () => {
      toast(t('withdrawals.refused'));
      refresh();
    },
    onError: refresh,
  });
  return { approve, reject, secondApprove, refuse };
}
