import { limits, type Game, type ProviderSlug } from '@casino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, LayoutGrid, PlugZap } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { endorphinaGamesOptions, useEndorphinaGames } from '../api/endorphina-games';
import { useGbGames } from '../api/gbgames-games';
import { pragmaticGamesOptions, usePragmaticGames } from '../api/pragmatic-games';
import { useTotalGames } from '../api/total-games';
import {
  isProviderDisabled,
  isProviderRunning,
  providerListOptions,
  useRunningProviders,
} from '../api/provider-list';
import { GameList, queryListState } from '../components/game-list';
import { LoadMore } from '../components/load-more';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { useViewer } from '../hooks/use-viewer';
import styles from './provider-page.module.css';

export type ProviderId = ProviderSlug;

/**
 * One provider's games (/endorphina, /gbgames, /pragmatic), titled by the provider's label
 * (SPEC §2): Endorphina and Pragmatic accumulate pages with "Add More Games"; GB Games replaces
 * its page. The router keys this page by provider, so switching provider starts afresh.
 * A provider the operator switched off (left out of GET /games/providers, or its own endpoint
 * answers PROVIDER_DISABLED) shows that it is not available instead of an empty grid.
 */
export function ProviderPage({ provider }: { provider: ProviderId }) {
  const { t } = useTranslation();
  const running = isProviderRunning(useRunningProviders(), provider);
  return (
    <Page title={t(`games.providers.${provider}`)} eyebrow={t('games.provider.eyebrow')}>
      {running ? (
        <>
          <p className={styles.blurb} data-provider={provider}>
            {t(`games.providerBlurb.${provider}`)}
          </p>
          {provider === 'endorphina' && <EndorphinaGames />}
          {provider === 'pragmatic' && <PragmaticGames />}
          {provider === 'gbgames' && <PagedGames />}
        </>
      ) : (
        <ProviderOff provider={provider} />
      )}
    </Page>
  );
}

/**
 * The not-available state. When the provider's endpoint said so while the list still named it,
 * the list is asked again, so the navigation catches up with the operator's change.
 */
function ProviderOff({
  provider,
  answered = false,
}: {
  provider: ProviderSlug;
  answered?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: providerListOptions.queryKey });
  }, [answered, queryClient]);
  return (
    <EmptyState
      icon={PlugZap}
      title={t('games.provider.offTitle', { provider: t(`games.providers.${provider}`) })}
      text={t('games.provider.offText')}
      action={
        <Link to="/casino" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          <LayoutGrid size={20} aria-hidden="true" />
          {t('games.provider.offAction')}
        </Link>
      }
      testId="provider-off"
    />
  );
}

function EndorphinaGames() {
  const query = useEndorphinaGames();
  useFirstPageOnLeave(endorphinaGamesOptions(useViewer()).queryKey);
  const pages = query.data?.pages;
  return (
    <AccumulatingList
      query={query}
      games={pages?.flatMap((page) => page.data)}
      pageCount={pages?.length ?? 1}
      total={pages?.[0]?.total}
      provider="endorphina"
    />
  );
}

function PragmaticGames() {
  const query = usePragmaticGames();
  useFirstPageOnLeave(pragmaticGamesOptions(useViewer()).queryKey);
  const pages = query.data?.pages;
  // Pragmatic's list answers carry no count (SPEC §7: "list in data"): the count of its games
  // comes from the combined list, so the page reads "20 of 120" like Endorphina's (issue 16).
  const count = useTotalGames({ provider: 'pragmatic', limit: 1 }, pages !== undefined);
  return (
    <AccumulatingList
      query={query}
      games={pages?.flat()}
      pageCount={pages?.length ?? 1}
      total={count.data?.total}
      provider="pragmatic"
    />
  );
}

/** What the list needs of an infinite query, whatever its pages look like. */
interface AccumulatingQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface AccumulatingListProps {
  query: AccumulatingQuery;
  games: Game[] | undefined;
  /** The spec's page counter: pages loaded so far. */
  pageCount: number;
  total?: number | undefined;
  provider: ProviderSlug;
}

function AccumulatingList({ query, games, pageCount, total, provider }: AccumulatingListProps) {
  const { t } = useTranslation();
  const gridId = useId();
  if (isProviderDisabled(query.error)) return <ProviderOff provider={provider} answered />;

  return (
    <>
      <GameList
        id={gridId}
        games={games}
        {...queryListState(query)}
        skeletons={limits.gameSkeletonTiles}
        reserve={limits.gamePageSize}
        eagerImages={limits.gamePageSize}
        moreSkeletons={query.isFetchingNextPage ? limits.casinoSkeletonTiles : 0}
        testId={`provider-games-${provider}`}
      />
      {games && games.length > 0 && (
        <LoadMore
          page={pageCount}
          hasMore={query.hasNextPage}
          loading={query.isFetching}
          onMore={() => void query.fetchNextPage()}
          shown={games.length}
          total={total}
          label={t('games.more.add')}
          controls={gridId}
        />
      )}
    </>
  );
}

/** GB Games: one page at a time, Previous / Next (the page is in the address: ?page=2). */
function PagedGames() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested)
    ? Math.min(limits.maxGamePage, Math.max(1, requested))
    : 1;
  const query = useGbGames(page);
  const games = query.data;
  const hasNext = (games?.length ?? 0) >= limits.gamePageSize && page < limits.maxGamePage;
  if (isProviderDisabled(query.error)) return <ProviderOff provider="gbgames" answered />;

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    document.getElementById('content')?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <GameList
        games={query.isPlaceholderData ? undefined : games}
        loading={query.isPending || query.isPlaceholderData}
        error={query.isError}
        onRetry={() => void query.refetch()}
        skeletons={limits.gameSkeletonTiles}
        reserve={limits.gamePageSize}
        eagerImages={limits.gamePageSize}
        testId="provider-games-gbgames"
      />
      {(games || page > 1) && (
        <nav className={styles.pager} aria-label={t('games.pagination.label')}>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1 || query.isFetching}
            icon={<ChevronLeft size={18} aria-hidden="true" />}
            data-testid="page-prev"
          >
            {t('games.pagination.previous')}
          </Button>
          <span className={styles.pageNumber} aria-live="polite" data-testid="page-number">
            {t('games.pagination.page', { page })}
          </span>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => goTo(page + 1)}
            disabled={!hasNext || query.isFetching}
            className={styles.next}
            icon={<ChevronRight size={18} aria-hidden="true" />}
            data-testid="page-next"
          >
            {t('games.pagination.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
