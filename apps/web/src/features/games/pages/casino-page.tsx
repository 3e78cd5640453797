import { limits, type GameCategory } from '@casino/contracts';
import { History, LogIn, SearchX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button } from '../../../shared/ui/button/button';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Page } from '../../../shared/ui/page/page';
import { useAuthStore } from '../../auth/auth-store';
import { SearchBox } from '../../search/components/search-box';
import { useSearchStore } from '../../search/search-store';
import {
  totalGamesInfiniteOptions,
  useTotalGamesPages,
  type TotalGamesFilter,
} from '../api/total-games';
import { gameCategories } from '../catalog';
import { CategoryFilter, type CategoryChoice } from '../components/category-filter';
import { GameList, type EmptyContent } from '../components/game-list';
import { LoadMore } from '../components/load-more';
import { SortTabs } from '../components/sort-tabs';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { useViewer } from '../hooks/use-viewer';
import styles from './casino-page.module.css';

/**
 * The five sort tabs (SPEC §2). The two "Recent Games" tabs (decision 022): "Recently played"
 * is the signed-in player's own history (sort=recent with the session); "Recently added" is the
 * newest games, which is what sort=recent answers to anyone without a session.
 */
export const casinoTabs = ['all', 'new', 'top', 'played', 'added'] as const;
export type CasinoTab = (typeof casinoTabs)[number];

const tabFilters: Record<CasinoTab, TotalGamesFilter> = {
  all: { sort: 'all' },
  new: { sort: 'new' },
  top: { sort: 'top' },
  played: { sort: 'recent' },
  added: { sort: 'recent', anonymous: true },
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

  const guestHistory = tab === 'played' && !isAuth;
  const filter: TotalGamesFilter = {
    ...tabFilters[tab],
    category: category === 'all' ? undefined : category,
    search: search || undefined,
  };
  const query = useTotalGamesPages(filter, !guestHistory);
  useFirstPageOnLeave(totalGamesInfiniteOptions(filter, viewer).queryKey);

  const pages = query.data?.pages;
  const games = guestHistory ? [] : pages?.flatMap((page) => page.data);
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
          loading={query.isPending && !guestHistory}
          error={query.isError}
          onRetry={() => void query.refetch()}
          skeletons={limits.casinoSkeletonTiles}
          moreSkeletons={query.isFetchingNextPage ? limits.casinoSkeletonTiles : 0}
          empty={empty}
          testId="casino-games"
        />
        {games && games.length > 0 && (
          <LoadMore
            page={pages?.length ?? 1}
            hasMore={query.hasNextPage}
            loading={query.isFetching}
            onMore={() => void query.fetchNextPage()}
            shown={games.length}
            total={pages?.[0]?.total}
            label={t('games.more.add')}
            controls={panelId}
          />
        )}
      </div>
    </Page>
  );
}
