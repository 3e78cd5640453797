import { Play } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useAuthStore } from '../../auth';
import { useLanguage } from '../../../shared/i18n/i18n';
import { gameTitle, isGameCategory } from '../catalog';
import { openLoginForGame, useLaunchAndOpen } from '../hooks/use-play-game';
import { usePlayStore } from '../play-store';
import styles from './play-modal.module.css';

/**
 * The Play modal (SPEC §2 "Modals"; decision 022): the game a guest clicked, with its artwork,
 * name and provider; "Play demo" opens it in the game frame with play money, "Log in to play
 * for real" opens the login modal (demo mode stays on: the player came from a game).
 */
export function PlayModal() {
  const { t } = useTranslation();
  const language = useLanguage();
  const game = usePlayStore((state) => state.game);
  const close = useModalStore((state) => state.close);
  const demo = useModalStore((state) => state.demo);
  const isAuth = useAuthStore((state) => state.isAuth);
  const { open, isPending } = useLaunchAndOpen();

  useEffect(() => {
    if (!game) close();
  }, [game, close]);
  if (!game) return null;

  // A game without a demo: a guest can only log in for it.
  const loginOnly = !isAuth && !game.demo;

  return (
    <Modal open onClose={close} title={gameTitle(game, language)} name="play">
      <div className={styles.play} data-testid="play-modal" data-demo={demo}>
        <div className={styles.summary}>
          <img
            className={styles.art}
            src={game.image}
            alt=""
            width={300}
            height={400}
            decoding="async"
          />
          <div className={styles.facts}>
            <p className={styles.provider}>{t(`games.providers.${game.provider}`)}</p>
            <ul className={styles.tags}>
              {isGameCategory(game.category) && (
                <li className={styles.tag}>{t(`games.categories.${game.category}`)}</li>
              )}
              {game.isNew && <li className={styles.tagNew}>{t('games.badge.new')}</li>}
              {game.isTop && <li className={styles.tagTop}>{t('games.badge.top')}</li>}
            </ul>
            {!isAuth && (
              <p className={styles.note}>
                {loginOnly ? t('games.play.noDemoNote') : t('games.play.demoNote')}
              </p>
            )}
          </div>
        </div>

        <div className={styles.actions}>
          {loginOnly ? (
            <Button
              variant="primary"
              size="lg"
              block
              onClick={openLoginForGame}
              data-autofocus
              data-testid="play-login"
            >
              {t('games.play.login')}
            </Button>
          ) : (
            <Button
              variant="primary"
              size="lg"
              block
              onClick={() => open(game, close)}
              disabled={isPending}
              aria-busy={isPending || undefined}
              icon={<Play size={18} aria-hidden="true" />}
              data-autofocus
              data-testid="play-demo"
            >
              {isPending
                ? t('games.play.opening')
                : isAuth
                  ? t('games.play.real')
                  : t('games.play.demo')}
            </Button>
          )}
          {!isAuth && !loginOnly && (
            <Button
              variant="secondary"
              size="lg"
              block
              onClick={openLoginForGame}
              data-testid="play-login"
            >
              {t('games.play.loginForReal')}
            </Button>
          )}
        </div>
        {!isAuth && (
          <p className={styles.switch}>
            {t('games.play.noAccount')}{' '}
            <button
              type="button"
              className={styles.link}
              onClick={() => useModalStore.getState().open('register')}
              data-testid="play-register"
            >
              {t('games.play.register')}
            </button>
          </p>
        )}
      </div>
    </Modal>
  );
}
