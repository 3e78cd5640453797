import { limits, type ProviderSlug } from '@casino/contracts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Dropdown, type DropdownOption } from '../../../shared/ui/dropdown/dropdown';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { isProviderRunning, useRunningProviders } from '../api/provider-list';
import {
  totalGamesInfiniteOptions,
  useTotalGames,
  useTotalGamesPages,
  type TotalGamesFilter,
} from '../api/total-games';
import { gameCategories, providerSlugs } from '../catalog';
import { GameList, queryListState } from '../components/game-list';
import { PagedLoadMore } from '../components/load-more';
import { Section, SectionLink } from '../components/section';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { useViewer } from '../hooks/use-viewer';
import { SearchBox } from '../components/search-box';
import { useSearchStore } from '../search-store';
import styles from './search-page.module.css';

/** The filter dropdown's choices: everything, one provider, or one category. */
export const searchFilters = [
  'all',
  ...providerSlugs.map((slug) => `provider:${slug}` as const),
  ...gameCategories.map((category) => `category:${category}` as const),
] as const;
export type SearchFilter = (typeof searchFilters)[number];

/** The choices for the providers the operator runs (every one while that is not known). */
export function offeredFilters(providers: readonly ProviderSlug[] | undefined): SearchFilter[] {
  return searchFilters.filter(
    (value) =>
      !value.startsWith('provider:') ||
      isProviderRunning(providers, value.slice('provider:'.length) as ProviderSlug),
  );
}

export function filterQuery(choice: SearchFilter): Pick<TotalGamesFilter, 'provider' | 'category'> {
  if (choice === 'all') return {};
  const [kind, value] = choice.split(':') as ['provider' | 'category', string];
  return kind === 'provider'
    ? { provider: value as TotalGamesFilter['provider'] }
    : { category: value as TotalGamesFilter['category'] };
}

/**
 * /search: the shared search text's results (accumulating) and a row of casino games, both
 * narrowed by the filter dropdown (a provider or a category: the spec's Filter1–4 made real).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [chosen, setChoice] = useState<SearchFilter>('all');
  const offered = offeredFilters(useRunningProviders());
  // A provider switched off while it was chosen: back to everything.
  const choice = offered.includes(chosen) ? chosen : 'all';
  const text = useSearchStore((state) => state.text);
  const search = useDebouncedValue(text.trim(), limits.debounceDefaultMs);
  const narrowing = filterQuery(choice);

  const options: DropdownOption<SearchFilter>[] = offered.map((value) => {
    if (value === 'all') return { value, label: t('games.search.filters.all') };
    const [kind, slug] = value.split(':') as ['provider' | 'category', string];
    return kind === 'provider'
      ? {
          value,
          label: t('games.search.filters.providers', {
            provider: t(`games.providers.${slug as 'endorphina'}`),
          }),
        }
      : {
          value,
          label: t('games.search.filters.categories', {
            category: t(`games.categories.${slug as 'slots'}`),
          }),
        };
  });

  return (
    <Page title={t('games.search.title')}>
      <div className={styles.controls}>
        <SearchBox
          className={styles.box}
          autoFocus={!(document.activeElement instanceof HTMLInputElement)}
        />
        <Dropdown
          className={styles.filter}
          label={t('games.search.filter')}
          value={choice}
          options={options}
          onChange={setChoice}
          testId="search-filter"
        />
      </div>
      <div className={styles.sections}>
        <SearchResults search={search} narrowing={narrowing} />
        <CasinoGames narrowing={narrowing} />
      </div>
    </Page>
  );
}

interface ResultsProps {
  search: string;
  narrowing: Pick<TotalGamesFilter, 'provider' | 'category'>;
}

function SearchResults({ search, narrowing }: ResultsProps) {
  const { t } = useTranslation();
  const gridId = useId();
  const viewer = useViewer();
  const active = Boolean(search) || Boolean(narrowing.provider ?? narrowing.category);
  const filter: TotalGamesFilter = { search: search || undefined, ...narrowing };
  const query = useTotalGamesPages(filter, active);
  useFirstPageOnLeave(totalGamesInfiniteOptions(filter, viewer).queryKey);
  const pages = query.data?.pages;
  const games = pages?.flatMap((page) => page.data);

  return (
    <Section
      title={search ? t('games.search.resultsFor', { query: search }) : t('games.search.results')}
      testId="search-results"
    >
      {(headingId) =>
        active ? (
          <>
            <GameList
              id={gridId}
              labelledBy={headingId}
              games={games}
              {...queryListState(query)}
              skeletons={limits.casinoSkeletonTiles}
              moreSkeletons={query.isFetchingNextPage ? limits.casinoSkeletonTiles : 0}
              empty={{
                icon: Search,
                title: t('games.casino.noMatchTitle'),
                text: t('games.casino.noMatchText'),
              }}
              testId="search-results-grid"
            />
            <PagedLoadMore query={query} label={t('games.more.add')} controls={gridId} />
          </>
        ) : (
          <EmptyState
            variant="inline"
            icon={Search}
            title={t('games.search.promptTitle')}
            text={t('games.search.promptText')}
            headingLevel={3}
            testId="search-prompt"
          />
        )
      }
    </Section>
  );
}

/** The casino's top games, narrowed by the same filter: something to play right away. */
function CasinoGames({ narrowing }: Pick<ResultsProps, 'narrowing'>) {
  const { t } = useTranslation();
  const query = useTotalGames({ sort: 'top', limit: limits.topGamesCollapsed, ...narrowing });
  const casinoLink = narrowing.category ? `/casino?category=${narrowing.category}` : '/casino';
  return (
    <Section
      title={t('games.search.casino')}
      testId="search-casino"
      action={<SectionLink to={casinoLink}>{t('games.search.openCasino')}</SectionLink>}
    >
      {(headingId) => (
        <GameList
          labelledBy={headingId}
          games={query.data?.data}
          {...queryListState(query)}
          skeletons={limits.casinoSkeletonTiles}
          testId="search-casino-grid"
        />
      )}
    </Section>
  );
}
