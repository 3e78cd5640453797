import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { BannerCarousel } from '../components/banner-carousel';
import { RecentGames } from '../components/recent-games';
import { TopGames } from '../components/top-games';
import styles from './lobby-page.module.css';

/** Home (/): the banner carousel, top games (7 / 14) and recent games with Load More. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('games.home.title'));
  return (
    <div className={styles.lobby}>
      <h1 className="visually-hidden">{t('games.home.title')}</h1>
      <BannerCarousel />
      <TopGames />
      <RecentGames />
    </div>
  );
}
