import type { HomeSection } from '@casino/contracts';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useHomeSections } from '../api/lobby-layout';
import { BannerCarousel } from '../components/banner-carousel';
import { RecentGames } from '../components/recent-games';
import { TopGames } from '../components/top-games';
import styles from './lobby-page.module.css';

/** What each home section is; the order comes from the server (issue 30, decision 089). */
const sections: Record<HomeSection, () => ReactNode> = {
  banners: () => <BannerCarousel />,
  top: () => <TopGames />,
  recent: () => <RecentGames />,
};

/**
 * Home (/): the banner carousel, top games (7 / 14) and recent games with Load More, in the
 * order staff set in the back office.
 */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('games.home.title'));
  const order = useHomeSections();
  return (
    <div className={styles.lobby} data-testid="home-sections" data-order={order.join(' ')}>
      <h1 className="visually-hidden">{t('games.home.title')}</h1>
      {/* Keyed by section: a section keeps its state when a new order moves it. */}
      {order.map((section) => (
        <Fragment key={section}>{sections[section]()}</Fragment>
      ))}
    </div>
  );
}
