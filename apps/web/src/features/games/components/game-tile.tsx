import type { Game } from '@casino/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { gameTitle } from '../catalog';
import styles from './game-grid.module.css';

interface GameTileProps {
  game: Game;
  onPlay: (game: Game) => void;
  /** The game is being launched: a spinner over the artwork. */
  busy?: boolean;
  /**
   * Load the artwork at once rather than when it nears the screen: for the tiles of a list's
   * first answer, one of which is the page's largest paint (decision 059).
   */
  eager?: boolean;
}

/**
 * The one badge a tile wears, if any (issue 16): Hot when staff marked the game so (issue 30,
 * decision 089), else Live for a live table, else Top for the top list's games, else New for
 * the newest or for a game staff marked new (the server gives Top and New to those only).
 */
export function badgeOf(game: Game): 'hot' | 'live' | 'top' | 'new' | undefined {
  if (game.isHot) return 'hot';
  if (game.category === 'live') return 'live';
  if (game.isTop) return 'top';
  if (game.isNew) return 'new';
  return undefined;
}

/**
 * One game: the studio's artwork (3:4, which already carries the title in the studio's style),
 * the name and provider below it, Hot / Live / Top / New badges. The whole tile is one button named
 * by the game's name; badges and the provider chip are decoration for sighted players.
 */
export const GameTile = memo(function GameTile({
  game,
  onPlay,
  busy = false,
  eager = false,
}: GameTileProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const badge = badgeOf(game);
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={styles.tile}
        onClick={() => onPlay(game)}
        aria-busy={busy || undefined}
        data-testid="game-tile"
        data-game-id={game.id}
      >
        <span className={styles.art}>
          <img
            className={styles.image}
            src={game.image}
            alt=""
            width={300}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {badge && (
            <span className={styles.badges} aria-hidden="true">
              <span className={`${styles.badge} ${styles[badge]}`}>
                {t(`games.badge.${badge}`)}
              </span>
            </span>
          )}
          <span
            className={busy ? `${styles.play} ${styles.busy}` : styles.play}
            aria-hidden="true"
          />
        </span>
        <span className={styles.name} data-testid="game-name">
          {gameTitle(game, language)}
        </span>
        <span className={styles.provider} aria-hidden="true">
          {t(`games.providers.${game.provider}`)}
        </span>
      </button>
    </li>
  );
});

/**
 * A tile's outline while the list loads: the same size, so nothing jumps when games arrive.
 * `hidden`: an invisible place that only keeps room for a tile to come.
 */
export function SkeletonTile({ hidden = false }: { hidden?: boolean }) {
  if (hidden) {
    return (
      <li className={`${styles.item} ${styles.reserved}`} aria-hidden="true">
        <span className={styles.art} />
        <span className={styles.line} />
        <span className={styles.lineShort} />
      </li>
    );
  }
  return (
    <li className={styles.item} aria-hidden="true" data-testid="game-skeleton">
      <span className={`${styles.artBox} ${styles.skeleton}`} />
      <span className={`${styles.line} ${styles.skeleton}`} />
      <span className={`${styles.lineShort} ${styles.skeleton}`} />
    </li>
  );
}
