import type { Game } from '@casino/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './game-grid.module.css';

interface GameTileProps {
  game: Game;
  onPlay: (game: Game) => void;
  /** The game is being launched: a spinner over the artwork. */
  busy?: boolean;
}

/**
 * One game: the studio's artwork (3:4, which already carries the title in the studio's style),
 * the name and provider below it, New / Top / Live badges. The whole tile is one button named
 * by the game's name; badges and the provider chip are decoration for sighted players.
 */
export const GameTile = memo(function GameTile({ game, onPlay, busy = false }: GameTileProps) {
  const { t } = useTranslation();
  const live = game.category === 'live';
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
            loading="lazy"
            decoding="async"
          />
          {(game.isNew || game.isTop || live) && (
            <span className={styles.badges} aria-hidden="true">
              {live && (
                <span className={`${styles.badge} ${styles.live}`}>{t('games.badge.live')}</span>
              )}
              {game.isNew && (
                <span className={`${styles.badge} ${styles.new}`}>{t('games.badge.new')}</span>
              )}
              {game.isTop && (
                <span className={`${styles.badge} ${styles.top}`}>{t('games.badge.top')}</span>
              )}
            </span>
          )}
          <span
            className={busy ? `${styles.play} ${styles.busy}` : styles.play}
            aria-hidden="true"
          />
        </span>
        <span className={styles.name} data-testid="game-name">
          {game.name}
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
      <span className={`${styles.art} ${styles.skeleton}`} />
      <span className={`${styles.line} ${styles.skeleton}`} />
      <span className={`${styles.lineShort} ${styles.skeleton}`} />
    </li>
  );
}
