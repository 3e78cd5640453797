import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderSlug } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { toast } from '../../shared/ui/toasts';

/** What is being switched: a game (by our id) or a whole provider, and its state now. */
export type SwitchTarget =
  | { kind: 'game'; id: string; name: string; disabled: boolean }
  | { kind: 'provider'; id: ProviderSlug; name: string; disabled: boolean };

/** A switch off or on, with the reason the audit log keeps (decision 086). */
export function SwitchDialog({
  target,
  onClose,
}: {
  target: SwitchTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: async ({ to, reason }: { to: SwitchTarget; reason: string }): Promise<void> => {
      await (to.kind === 'game'
        ? staffCall('games.switch', {
            params: { gameId: to.id },
            body: { disabled: !to.disabled, reason },
          })
        : staffCall('games.providers.switch', {
            params: { provider: to.id },
            body: { disabled: !to.disabled, reason },
          }));
    },
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['games'] });
      onClose();
    },
  });
  const turningOff = target ? !target.disabled : false;
  const name = target?.name ?? '';
  return (
    <ReasonDialog
      open={target !== null}
      title={turningOff ? t('games.switchOffTitle', { name }) : t('games.switchOnTitle', { name })}
      description={turningOff ? t('games.switchOffHint') : undefined}
      submitLabel={turningOff ? t('games.switchOff') : t('games.switchOn')}
      danger={turningOff}
      pending={change.isPending}
      error={change.error}
      onSubmit={(reason) => target && change.mutate({ to: target, reason })}
      onClose={() => {
        change.reset();
        onClose();
      }}
    />
  );
}
