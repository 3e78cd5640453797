import type { HomeSection } from '@casino/contracts';
import type { StaffLobby } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { toast } from '../../shared/ui/toasts';
import { OrderedList } from './ordered-list';

/**
 * The home page's sections in order (decision 089): moved with Up and Down, saved with the
 * reason the audit log keeps. `lobby` is the server's answer; the draft starts from it.
 */
export function LobbySections({ lobby }: { lobby: StaffLobby }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<HomeSection[] | null>(null);
  const [asking, setAsking] = useState(false);
  const order = draft ?? lobby.sections;
  const changed = draft !== null && draft.join() !== lobby.sections.join();
  const save = useMutation({
    mutationFn: (reason: string) =>
      staffCall('games.lobby.sections', { body: { sections: order, reason } }),
    onSuccess: (saved) => {
      client.setQueryData(['games', 'lobby'], saved);
      setDraft(null);
      setAsking(false);
      toast(t('games.savedHint'));
    },
  });
  return (
    <div className="stack" data-testid="lobby-sections">
      <h3 className="card-subtitle">{t('games.sectionsTitle')}</h3>
      <p className="muted">{t('games.sectionsHint')}</p>
      <OrderedList
        items={order}
        keyOf={(section) => section}
        nameOf={(section) => t(`games.section.${section}`)}
        render={(section) => t(`games.section.${section}`)}
        onChange={setDraft}
        testId="sections-list"
      />
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!changed}
          onClick={() => setAsking(true)}
          data-testid="sections-save"
        >
          {t('games.saveOrder')}
        </button>
        {changed && (
          <>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDraft(null)}>
              {t('games.reset')}
            </button>
            <span className="chip chip-warning">{t('games.unsaved')}</span>
          </>
        )}
      </div>
      <ReasonDialog
        open={asking}
        title={t('games.saveOrderTitle')}
        submitLabel={t('games.saveOrder')}
        pending={save.isPending}
        error={save.error}
        onSubmit={(reason) => save.mutate(reason)}
        onClose={() => {
          save.reset();
          setAsking(false);
        }}
      />
    </div>
  );
}
