import { playerAdjustmentRequestSchema, type PlayerDetail } from '@casino/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { formatMoney } from '../../../shared/lib/format';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toasts';
import { useMe } from '../../auth/session';
import { useRefreshPlayer } from '../player-queries';

const formSchema = playerAdjustmentRequestSchema.omit({ idempotencyKey: true });

/**
 * A manual ledger adjustment: a signed amount and a mandatory reason. One idempotency key per
 * opening of the dialog, so a double click or a retry after a lost answer posts once. Above the
 * four-eyes amount nothing moves: the server queues it for a second person's approval.
 */
export function AdjustDialog({
  player,
  open,
  onClose,
}: {
  player: PlayerDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const refresh = useRefreshPlayer(player.id);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useSchemaForm(formSchema, { amount: '', reason: '' });
  const close = () => {
    form.reset();
    adjust.reset();
    setKey(crypto.randomUUID());
    onClose();
  };
  const adjust = useMutation({
    mutationFn: (values: { amount: string; reason: string }) =>
      staffCall('players.adjust', {
        params: { userId: player.id },
        body: { ...values, idempotencyKey: key },
      }),
    onSuccess: (result) => {
      if ('outcome' in result && result.outcome === 'awaiting_second_approval') {
        toast(t('adjust.awaiting'));
      } else {
        toast(t('adjust.done'));
      }
      refresh();
      close();
    },
  });
  return (
    <Dialog open={open} title={t('adjust.title', { username: player.username })} onClose={close}>
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit((values) => adjust.mutate(values))}
      >
        <p className="muted">
          {t('adjust.balance', { amount: formatMoney(player.cash, player.currency) })}
        </p>
        {me.data ? (
          <p className="banner banner-warning">
            {t('adjust.fourEyes', {
              amount: formatMoney(me.data.four_eyes_amount, player.currency),
            })}
          </p>
        ) : null}
        {adjust.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (k) => i18n.exists(k), adjust.error)}
          </p>
        ) : null}
        <TextField
          label={t('adjust.amount')}
          hint={t('adjust.amountHint')}
          inputMode="decimal"
          registration={form.register('amount')}
          error={form.formState.errors.amount}
          testId="adjust-amount"
          autoFocus
        />
        <TextField
          label={t('common.reason')}
          hint={t('common.reasonHint')}
          multiline
          registration={form.register('reason')}
          error={form.formState.errors.reason}
          testId="adjust-reason"
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>
            {t('adjust.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
