import { limits, type Game, type GameCategory, type GameSort } from '@casino/contracts';
import { Gamepad2, History, LogIn, SearchX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button } from '../../../shared/ui/button/button';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Page } from '../../../shared/ui/page/page';
import { useAuthStore } from '../../auth';
import { SearchBox } from '../components/search-box';
import { useSearchStore } from '../search-store';
import { isProviderRunning, useRunningProviders } from '../api/provider-list';
import {
  totalGamesInfiniteOptions,
  useTotalGamesPages,
  type TotalGamesFilter,
} from '../api/total-games';
import { gameCategories } from '../catalog';
import { CategoryFilter, type CategoryChoice } from '../components/category-filter';
import { GameList, type EmptyContent } from '../components/game-list';
import { PagedLoadMore } from '../components/load-more';
import { SortTabs } from '../components/sort-tabs';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { useRecentDemos } from '../recent-demos-store';
import { useViewer } from '../hooks/use-viewer';
import styles from './casino-page.module.css';

/**
 * The five sort tabs (SPEC §2). The two "Recent Games" tabs (decision 022): "Recently played"
 * is the signed-in player's real-money history, kept by the server (sort=recent); "Recent
 * demos" is the games this device opened in demo mode (recent-demos-store), which the server
 * cannot keep for a guest.
 */
export const casinoTabs = ['all', 'new', 'top', 'played', 'demos'] as const;
export type CasinoTab = (typeof casinoTabs)[number];

const tabSorts: Record<Exclude<CasinoTab, 'demos'>, GameSort> = {
  all: 'all',
  new: 'new',
  top: 'top',
  played: 'recent',
};

const isTab = (value: string | null): value is CasinoTab =>
  (casinoTabs as readonly (string | null)[]).includes(value);
const isCategory = (value: string | null): value is GameCategory =>
  (gameCategories as readonly (string | null)[]).includes(value);

/**
 * /casino: sort tabs, category tabs and selector, the shared search (debounced 500 ms) and an
 * accumulating list with "Add More Games". Tab and category live in the address
 * (?tab=top&category=live), so they survive a reload and can be linked to.
 */
export function CasinoPage() {
  const { t } = useTranslation();
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const categoryParam = params.get('category');
  const tab: CasinoTab = isTab(tabParam) ? tabParam : 'all';
  const category: CategoryChoice = isCategory(categoryParam) ? categoryParam : 'all';

  const text = useSearchStore((state) => state.text);
  const setText = useSearchStore((state) => state.setText);
  const search = useDebouncedValue(text.trim(), limits.debounceDefaultMs);
  const isAuth = useAuthStore((state) => state.isAuth);
  const openModal = useModalStore((state) => state.open);
  const viewer = useViewer();

  const setParam = (key: 'tab' | 'category', value: string, fallback: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };

  const demos = tab === 'demos';
  const guestHistory = tab === 'played' && !isAuth;
  const filter: TotalGamesFilter = {
    sort: demos ? 'all' : tabSorts[tab],
    category: category === 'all' ? undefined : category,
    search: search || undefined,
  };
  const query = useTotalGamesPages(filter, !guestHistory && !demos);
  useFirstPageOnLeave(totalGamesInfiniteOptions(filter, viewer).queryKey);
  const recentDemos = useRecentDemos((state) => state.games);
  const providers = useRunningProviders();

  const pages = query.data?.pages;
  let games: Game[] | undefined;
  // The demo history is kept on this device: a provider switched off since leaves it too.
  if (demos) {
    games = recentDemos.filter(
      (game) => isProviderRunning(providers, game.provider) && matches(game, filter),
    );
  } else if (guestHistory) {
    games = [];
  } else {
    games = pages?.flatMap((page) => page.data);
  }
  const filtered = Boolean(search) || category !== 'all';

  let empty: EmptyContent | undefined;
  if (guestHistory) {
    empty = {
      icon: History,
      title: t('games.casino.playedGuestTitle'),
      text: t('games.casino.playedGuestText'),
      action: (
        <Button
          variant="primary"
          icon={<LogIn size={18} aria-hidden="true" />}
          onClick={() => openModal('login')}
        >
          {t('header.login')}
        </Button>
      ),
    };
  } else if (filtered) {
    empty = {
      icon: SearchX,
      title: t('games.casino.noMatchTitle'),
      text: t('games.casino.noMatchText'),
      action: (
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            setParam('category', 'all', 'all');
          }}
          data-testid="clear-filters"
        >
          {t('games.casino.clearFilters')}
        </Button>
      ),
    };
  } else if (tab === 'played') {
    empty = {
      icon: History,
      title: t('games.casino.playedEmptyTitle'),
      text: t('games.casino.playedEmptyText'),
    };
  } else if (demos) {
    empty = {
      icon: Gamepad2,
      title: t('games.casino.demosEmptyTitle'),
      text: t('games.casino.demosEmptyText'),
      action: (
        <Button variant="secondary" onClick={() => setParam('tab', 'top', 'all')}>
          {t('games.casino.demosAction')}
        </Button>
      ),
    };
  }

  return (
    <Page title={t('games.casino.title')}>
      <div className={styles.toolbar}>
        <SortTabs
          label={t('games.casino.sortLabel')}
          tabs={casinoTabs.map((id) => ({ id, label: t(`games.casino.sorts.${id}`) }))}
          value={tab}
          onChange={(value) => setParam('tab', value, 'all')}
          panelId={panelId}
          testId="sort-tabs"
        />
        <div className={styles.filters}>
          <CategoryFilter
            value={category}
            onChange={(value) => setParam('category', value, 'all')}
            tabsClassName={styles.chips}
            selectClassName={styles.select}
          />
          <SearchBox className={styles.search} />
        </div>
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-tab-${tab}`}
        className={styles.panel}
        data-testid="casino-panel"
      >
        <GameList
          games={games}
          loading={query.isPending && !guestHistory && !demos}
          error={query.isError}
          onRetry={() => void query.refetch()}
          skeletons={limits.casinoSkeletonTiles}
          reserve={limits.gamePageSize}
          eagerImages={limits.gamePageSize}
          moreSkeletons={query.isFetchingNextPage ? limits.casinoSkeletonTiles : 0}
          empty={empty}
          testId="casino-games"
        />
        {!demos && !guestHistory && (
          <PagedLoadMore query={query} label={t('games.more.add')} controls={panelId} />
        )}
      </div>
    </Page>
  );
}

/** The casino's filters applied to the demo history, which never leaves this device. */
function matches(game: Game, filter: TotalGamesFilter): boolean {
  if (filter.category && game.category !== filter.category) return false;
  const search = filter.search?.toLocaleLowerCase();
  if (!search) return true;
  // Every edition of the title is searched, as the server does.
  return [game.name, game.names?.en, game.names?.ru].some((title) =>
    title?.toLocaleLowerCase().includes(search),
  );
}
