import { limits } from '@casino/contracts';
import { History } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth';
import { totalGamesInfiniteOptions, useTotalGamesPages } from '../api/total-games';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { useViewer } from '../hooks/use-viewer';
import { GameList, queryListState } from './game-list';
import { PagedLoadMore } from './load-more';
import { Section } from './section';

const filter = { sort: 'recent' } as const;

/**
 * The recent-games grid of the home page with Load More (SPEC §2, §4): a signed-in player's
 * recently played games; for a guest the server answers with the newest games.
 */
export function RecentGames() {
  const { t } = useTranslation();
  const gridId = useId();
  const isAuth = useAuthStore((state) => state.isAuth);
  const viewer = useViewer();
  const query = useTotalGamesPages(filter);
  useFirstPageOnLeave(totalGamesInfiniteOptions(filter, viewer).queryKey);

  const pages = query.data?.pages;
  const games = pages?.flatMap((page) => page.data);
  const loadingMore = query.isFetchingNextPage;

  return (
    <Section
      title={isAuth ? t('games.home.recentPlayed') : t('games.home.recentNew')}
      testId="recent-games"
    >
      {(headingId) => (
        <>
          <GameList
            id={gridId}
            labelledBy={headingId}
            games={games}
            {...queryListState(query)}
            skeletons={limits.casinoSkeletonTiles}
            reserve={limits.gamePageSize}
            moreSkeletons={loadingMore ? limits.casinoSkeletonTiles : 0}
            empty={
              isAuth
                ? {
                    icon: History,
                    title: t('games.casino.playedEmptyTitle'),
                    text: t('games.casino.playedEmptyText'),
                  }
                : undefined
            }
            testId="recent-games-grid"
          />
          <PagedLoadMore query={query} label={t('games.more.load')} controls={gridId} />
        </>
      )}
    </Section>
  );
}
