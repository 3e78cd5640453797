import { limits, type GameCategory } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page/page';
import { useTotalGames } from '../api/total-games';
import { GameList, queryListState } from '../components/game-list';
import { Section, SectionLink } from '../components/section';
import styles from './lobby-page.module.css';

/** The categories of /other: everything but slots, which home and the provider pages show. */
export const otherCategories = ['table', 'live', 'instant'] as const satisfies GameCategory[];

/**
 * /other (decision 023): the games that are not slots, one section per category, each with
 * its most popular games and a link to the whole category in the casino.
 */
export function OtherPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('games.other.title')} eyebrow={t('games.other.eyebrow')}>
      <p className={styles.intro}>{t('games.other.text')}</p>
      <div className={styles.lobby}>
        {otherCategories.map((category) => (
          <CategorySection key={category} category={category} />
        ))}
      </div>
    </Page>
  );
}

function CategorySection({ category }: { category: (typeof otherCategories)[number] }) {
  const { t } = useTranslation();
  const query = useTotalGames({ category, sort: 'top', limit: limits.topGamesExpanded });
  return (
    <Section
      title={t(`games.other.sections.${category}`)}
      testId={`other-${category}`}
      action={
        <SectionLink to={`/casino?category=${category}`}>{t('games.other.seeAll')}</SectionLink>
      }
    >
      {(headingId) => (
        <GameList
          labelledBy={headingId}
          games={query.data?.data}
          {...queryListState(query)}
          skeletons={limits.topGamesCollapsed}
          testId={`other-${category}-grid`}
        />
      )}
    </Section>
  );
}
