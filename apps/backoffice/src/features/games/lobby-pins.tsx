import { pinSections, type PinSection } from '@casino/contracts';
import { maxPinnedGames, type StaffGame, type StaffLobby } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states';
import { Tabs } from '../../shared/ui/tabs';
import { toast } from '../../shared/ui/toasts';
import { OrderedList } from './ordered-list';

type Pinned = Pick<StaffGame, 'id' | 'name' | 'provider'>;

/** A game's name with its provider, as a pinned row and a search result show it. */
function GameLabel({ game }: { game: Pinned }) {
  return (
    <>
      {game.name} <span className="muted">· {game.provider}</span>
    </>
  );
}

/** Finds games to pin by name or provider id; each result has its Pin button. */
function PinSearch({
  pinned,
  full,
  onPin,
}: {
  pinned: readonly Pinned[];
  full: boolean;
  onPin: (game: Pinned) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['games', 'list', { q, limit: 8 }],
    queryFn: ({ signal }) => staffCall('games.list', { query: { q, limit: 8 }, signal }),
    enabled: q !== '',
  });
  return (
    <div className="stack">
      <form
        className="toolbar"
        role="search"
        aria-label={t('games.addPin')}
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-q`}>
            {t('games.addPinSearch')}
          </label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={draft}
            data-testid="pin-search"
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        {/* Named apart from the games table's own Search button on the same page. */}
        <button type="submit" className="btn btn-secondary" aria-label={t('games.addPinSearch')}>
          {t('common.search')}
        </button>
      </form>
      {full && <p className="muted">{t('games.pinsMax', { count: maxPinnedGames })}</p>}
      {q !== '' &&
        (found.isPending ? (
          <Skeleton lines={2} />
        ) : found.isError ? (
          <ErrorState error={found.error} onRetry={() => void found.refetch()} />
        ) : found.data.data.length === 0 ? (
          <EmptyState>{t('games.empty')}</EmptyState>
        ) : (
          <ul className="ordered" data-testid="pin-results">
            {found.data.data.map((game) => {
              const already = pinned.some((p) => p.id === game.id);
              return (
                <li key={game.id} className="ordered-item">
                  <span className="ordered-body">
                    <GameLabel game={game} />
                  </span>
                  <span className="ordered-actions">
                    {already ? (
                      <span className="chip chip-muted">{t('games.pinned')}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={full}
                        aria-label={t('games.pinGame', { name: game.name })}
                        onClick={() => onPin(game)}
                      >
                        {t('games.pin')}
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        ))}
    </div>
  );
}

/**
 * The games pinned to the top of each lobby list (decision 089): a tab a list, its pins in
 * order (Up, Down, Unpin), a search to pin more, saved with a reason.
 */
export function LobbyPins({ lobby }: { lobby: StaffLobby }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [section, setSection] = useState<PinSection>('top');
  const [drafts, setDrafts] = useState<Partial<Record<PinSection, Pinned[]>>>({});
  const [asking, setAsking] = useState(false);
  const saved = lobby.pins.find((p) => p.section === section)?.games ?? [];
  const pins = drafts[section] ?? saved;
  const changed =
    drafts[section] !== undefined && pins.map((g) => g.id).join() !== saved.map((g) => g.id).join();
  const setPins = (next: Pinned[]) => setDrafts((all) => ({ ...all, [section]: next }));
  const save = useMutation({
    mutationFn: (reason: string) =>
      staffCall('games.lobby.pins', {
        params: { section },
        body: { game_ids: pins.map((g) => g.id), reason },
      }),
    onSuccess: (answer) => {
      client.setQueryData<StaffLobby>(['games', 'lobby'], (old) =>
        old
          ? { ...old, pins: old.pins.map((p) => (p.section === answer.section ? answer : p)) }
          : old,
      );
      setDrafts(({ [answer.section]: _saved, ...rest }) => rest);
      setAsking(false);
      toast(t('games.savedHint'));
    },
  });
  const sectionName = t(`games.pinSection.${section}`);
  return (
    <div className="stack" data-testid="lobby-pins">
      <h3 className="card-subtitle">{t('games.pinsTitle')}</h3>
      <p className="muted">{t('games.pinsHint')}</p>
      <Tabs
        items={pinSections.map((key) => ({ key, label: t(`games.pinSection.${key}`) }))}
        selected={section}
        onSelect={setSection}
        label={t('games.pinsTitle')}
      >
        <div className="stack">
          {pins.length === 0 ? (
            <EmptyState>{t('games.pinsEmpty')}</EmptyState>
          ) : (
            <OrderedList
              items={pins}
              keyOf={(game) => game.id}
              nameOf={(game) => game.name}
              render={(game) => <GameLabel game={game} />}
              onChange={setPins}
              removable
              testId="pins-list"
            />
          )}
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!changed}
              onClick={() => setAsking(true)}
              data-testid="pins-save"
            >
              {t('games.savePins')}
            </button>
            {changed && (
              <>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setDrafts(({ [section]: _undone, ...rest }) => rest)}
                >
                  {t('games.reset')}
                </button>
                <span className="chip chip-warning">{t('games.unsaved')}</span>
              </>
            )}
          </div>
          <PinSearch
            pinned={pins}
            full={pins.length >= maxPinnedGames}
            onPin={(game) => setPins([...pins, game])}
          />
        </div>
      </Tabs>
      <ReasonDialog
        open={asking}
        title={t('games.savePinsTitle', { section: sectionName })}
        submitLabel={t('games.savePins')}
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
