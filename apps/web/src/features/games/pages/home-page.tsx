import { Dices, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Page } from '../../../shared/ui/page/page';
import { useAuthStore } from '../../auth/auth-store';

/** Home (/): the top-games and recent-games grids arrive with the game catalog. */
export function HomePage() {
  const { t } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  const open = useModalStore((state) => state.open);
  return (
    <Page title={t('pages.home.title')}>
      <EmptyState
        icon={Sparkles}
        title={t('pages.home.emptyTitle')}
        text={t('pages.home.emptyText')}
        action={
          isAuth ? (
            <Link to="/casino" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              <Dices size={20} aria-hidden="true" />
              {t('nav.casino')}
            </Link>
          ) : (
            <Button variant="primary" size="lg" onClick={() => open('register')}>
              {t('pages.home.action')}
            </Button>
          )
        }
      />
    </Page>
  );
}
