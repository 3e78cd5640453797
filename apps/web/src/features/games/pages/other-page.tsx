import { limits, type GameCategory } from '@casino/contracts';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../shared/ui/page/page';
import { useTotalGames } from '../api/total-games';
import { GameList } from '../components/game-list';
import { Section } from '../components/section';
import sectionStyles from '../components/sections.module.css';
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
        <Link to={`/casino?category=${category}`} className={sectionStyles.linkAction}>
          {t('games.other.seeAll')}
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      }
    >
      {(headingId) => (
        <GameList
          labelledBy={headingId}
          games={query.data?.data}
          loading={query.isPending}
          error={query.isError}
          onRetry={() => void query.refetch()}
          skeletons={limits.topGamesCollapsed}
          testId={`other-${category}-grid`}
        />
      )}
    </Section>
  );
}
