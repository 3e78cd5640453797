import { providerSlugs, type ProviderSlug } from '@casino/contracts';
import type { StaffGame } from '@casino/contracts/operator';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { Pager } from '../../shared/ui/pager';
import { EmptyState, ErrorState, QueryView } from '../../shared/ui/states';
import { GameLobbyDialog } from './game-lobby-dialog';
import { LobbySections } from './lobby-sections';
import { LobbyPins } from './lobby-pins';
import { SwitchDialog, type SwitchTarget } from './switch-dialog';
import './games.css';

function SwitchButton({
  off,
  onClick,
  label,
}: {
  off: boolean;
  onClick: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={off ? 'btn btn-secondary btn-sm' : 'btn btn-danger btn-sm'}
      aria-label={`${off ? t('games.switchOn') : t('games.switchOff')}: ${label}`}
      onClick={onClick}
    >
      {off ? t('games.switchOn') : t('games.switchOff')}
    </button>
  );
}

function GameState({ game }: { game: StaffGame }) {
  const { t } = useTranslation();
  if (game.disabled) return <span className="chip chip-danger">{t('games.off')}</span>;
  if (game.provider_disabled)
    return <span className="chip chip-warning">{t('games.offByProvider')}</span>;
  if (!game.listed) return <span className="chip chip-muted">{t('games.notListed')}</span>;
  return <span className="chip chip-success">{t('games.on')}</span>;
}

/** A game's staff badge and blocked countries, as its row shows them (decision 089). */
function LobbyFacts({ game }: { game: StaffGame }) {
  const { t } = useTranslation();
  return (
    <>
      {game.mark ? (
        <span className={game.mark === 'hot' ? 'chip chip-danger' : 'chip chip-accent'}>
          {t(`games.marks.${game.mark}`)}
        </span>
      ) : (
        <span className="muted">—</span>
      )}
      <br />
      <span className="muted">
        {game.countries.length > 0
          ? `${t('games.countries')}: ${game.countries.join(', ')}`
          : t('games.countriesNone')}
      </span>
    </>
  );
}

/**
 * The lobby (issue 30): providers and games switched on or off (decision 086), the home
 * sections' order, the pins of each list, a game's badge and blocked countries (decision 089).
 */
export default function GamesPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.games'));
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [provider, setProvider] = useState<ProviderSlug | ''>('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<SwitchTarget | null>(null);
  const [editing, setEditing] = useState<StaffGame | null>(null);
  const lobby = useQuery({
    queryKey: ['games', 'lobby'],
    queryFn: ({ signal }) => staffCall('games.lobby', { signal }),
  });
  const providers = useQuery({
    queryKey: ['games', 'providers'],
    queryFn: ({ signal }) => staffCall('games.providers', { signal }),
  });
  const query = { q: q || undefined, provider: provider || undefined, page, limit: 50 };
  const games = useQuery({
    queryKey: ['games', 'list', query],
    queryFn: ({ signal }) => staffCall('games.list', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffGame>();
    return col.columns([
      col.accessor('name', {
        header: () => t('games.name'),
        cell: ({ row }) => (
          <>
            {row.original.name}
            <br />
            <code className="muted">{row.original.provider_game_id}</code>
          </>
        ),
      }),
      col.accessor('provider', { header: () => t('games.provider') }),
      col.accessor('category', { header: () => t('games.category') }),
      col.display({
        id: 'state',
        header: () => t('games.state'),
        cell: ({ row }) => <GameState game={row.original} />,
      }),
      col.display({
        id: 'lobby',
        header: () => t('games.mark'),
        cell: ({ row }) => <LobbyFacts game={row.original} />,
      }),
      col.display({
        id: 'edit',
        header: () => <span className="visually-hidden">{t('games.edit')}</span>,
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('games.editGame', { name: row.original.name })}
            onClick={() => setEditing(row.original)}
            data-testid="game-edit"
          >
            {t('games.edit')}
          </button>
        ),
      }),
      col.display({
        id: 'switch',
        header: () => <span className="visually-hidden">{t('games.switchOff')}</span>,
        cell: ({ row }) => (
          <SwitchButton
            off={row.original.disabled}
            label={row.original.name}
            onClick={() =>
              setTarget({
                kind: 'game',
                id: row.original.id,
                name: row.original.name,
                disabled: row.original.disabled,
              })
            }
          />
        ),
      }),
    ]);
  }, [t]);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.games')}</h1>
      </div>
      <div className="card">
        <h2 className="card-title">{t('games.providers')}</h2>
        <QueryView query={providers} lines={3}>
          {(data) => (
            <ul className="figures" data-testid="game-providers">
              {data.data.map((p) => (
                <li key={p.provider} className="figure" data-testid={`provider-${p.provider}`}>
                  <span className="figure-label">{p.provider}</span>
                  <span className={p.disabled ? 'chip chip-danger' : 'chip chip-success'}>
                    {p.disabled ? t('games.off') : t('games.on')}
                  </span>
                  <span className="muted">{t('games.count', { count: p.games })}</span>
                  <SwitchButton
                    off={p.disabled}
                    label={p.provider}
                    onClick={() =>
                      setTarget({
                        kind: 'provider',
                        id: p.provider,
                        name: p.provider,
                        disabled: p.disabled,
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      <div className="card" data-testid="lobby-card">
        <h2 className="card-title">{t('games.lobbyTitle')}</h2>
        <QueryView query={lobby} lines={4}>
          {(data) => (
            <div className="lobby-grid">
              <LobbySections lobby={data} />
              <LobbyPins lobby={data} />
            </div>
          )}
        </QueryView>
      </div>
      <form
        className="toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
          setPage(1);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-q`}>
            {t('games.search')}
          </label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={draft}
            data-testid="games-search"
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-provider`}>
            {t('games.provider')}
          </label>
          <select
            id={`${id}-provider`}
            className="select"
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value as ProviderSlug | '');
              setPage(1);
            }}
          >
            <option value="">{t('games.anyProvider')}</option>
            {providerSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {slug}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-accent">
          {t('common.search')}
        </button>
      </form>
      {games.isError ? (
        <ErrorState error={games.error} onRetry={() => void games.refetch()} />
      ) : (
        <div className="stack games-table">
          <DataTable
            columns={columns}
            data={games.data?.data}
            loading={games.isPending}
            caption={t('games.catalog')}
            getRowId={(row) => row.id}
            testId="games-table"
            empty={<EmptyState>{t('games.empty')}</EmptyState>}
          />
          <Pager page={page} hasMore={games.data?.has_more ?? false} onPage={setPage} />
        </div>
      )}
      <SwitchDialog target={target} onClose={() => setTarget(null)} />
      <GameLobbyDialog game={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
