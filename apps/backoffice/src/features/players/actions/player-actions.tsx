import { playerBlockRequestSchema, type PlayerDetail } from '@casino/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { Dialog } from '../../../shared/ui/dialog';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { toast } from '../../../shared/ui/toasts';
import { useCan } from '../../auth/session';
import { useRefreshPlayer } from '../player-queries';
import { MuteDialog } from '../../chat/mute-dialog';
import { formatDateTime } from '../../../shared/lib/format';
import { AdjustDialog } from './adjust-dialog';

type Open = 'block' | 'adjust' | 'reset2fa' | 'mute' | null;

/** The actions on a player that a role allows: the rest are not shown (the server decides). */
export function PlayerActions({ player }: { player: PlayerDetail }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const refresh = useRefreshPlayer(player.id);
  const [open, setOpen] = useState<Open>(null);
  const blocked = player.status === 'blocked';
  const block = useMutation({
    mutationFn: (reason: string) =>
      staffCall(blocked ? 'players.unblock' : 'players.block', {
        params: { userId: player.id },
        body: { reason },
      }),
    onSuccess: (result) => {
      setOpen(null);
      toast(
        result.status === 'blocked'
          ? t('actions.blockedToast', { count: result.sessions_ended })
          : t('actions.unblockedToast'),
      );
      refresh();
    },
  });
  const reset = useMutation({
    mutationFn: () => staffCall('players.twoFactorReset', { params: { userId: player.id } }),
    onSuccess: () => {
      setOpen(null);
      toast(t('actions.resetDone'));
      refresh();
    },
  });
  const mute = useMutation({
    mutationFn: (body: { minutes: number; reason: string }) =>
      staffCall('players.mute', { params: { userId: player.id }, body }),
    onSuccess: (result) => {
      setOpen(null);
      toast(
        result.muted_until
          ? t('player.mutedUntil', { date: formatDateTime(result.muted_until, i18n.language) })
          : t('chat.unmuted'),
      );
      refresh();
    },
  });
  const buttons = [
    can('players:block') && player.status !== 'closed' ? (
      <button
        key="block"
        type="button"
        className={blocked ? 'btn btn-secondary' : 'btn btn-danger'}
        onClick={() => setOpen('block')}
        data-testid="player-block"
      >
        {blocked ? t('actions.unblock') : t('actions.block')}
      </button>
    ) : null,
    can('wallet:adjust') ? (
      <button
        key="adjust"
        type="button"
        className="btn btn-secondary"
        onClick={() => setOpen('adjust')}
        data-testid="player-adjust"
      >
        {t('actions.adjust')}
      </button>
    ) : null,
    can('players:two-factor-reset') && player.two_factor ? (
      <button
        key="reset"
        type="button"
        className="btn btn-secondary"
        onClick={() => setOpen('reset2fa')}
      >
        {t('actions.reset2fa')}
      </button>
    ) : null,
    can('chat:moderate') ? (
      <button
        key="mute"
        type="button"
        className="btn btn-secondary"
        onClick={() => setOpen('mute')}
      >
        {t('chat.mute')}
      </button>
    ) : null,
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <div className="actions">
      {buttons}
      <ReasonDialog
        open={open === 'block'}
        title={
          blocked
            ? t('actions.unblockTitle', { username: player.username })
            : t('actions.blockTitle', { username: player.username })
        }
        description={blocked ? undefined : t('actions.blockHint')}
        submitLabel={blocked ? t('actions.unblock') : t('actions.block')}
        danger={!blocked}
        schema={playerBlockRequestSchema}
        pending={block.isPending}
        error={block.error}
        onSubmit={(reason) => block.mutate(reason)}
        onClose={() => {
          setOpen(null);
          block.reset();
        }}
      />
      <MuteDialog
        open={open === 'mute'}
        username={player.username}
        pending={mute.isPending}
        error={mute.error}
        onSubmit={(values) => mute.mutate(values)}
        onClose={() => {
          setOpen(null);
          mute.reset();
        }}
      />
      <AdjustDialog player={player} open={open === 'adjust'} onClose={() => setOpen(null)} />
      <Dialog
        open={open === 'reset2fa'}
        title={t('actions.reset2faTitle', { username: player.username })}
        onClose={() => {
          setOpen(null);
          reset.reset();
        }}
      >
        <p>{t('actions.reset2faHint')}</p>
        {reset.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (k) => i18n.exists(k), reset.error)}
          </p>
        ) : null}
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
          >
            {t('actions.reset2fa')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
