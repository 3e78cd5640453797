import type { Game } from '@casino/contracts';
import { Dices, RotateCw, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { usePlayGame } from '../hooks/use-play-game';
import styles from './game-grid.module.css';
import { GameTile, SkeletonTile } from './game-tile';

export interface EmptyContent {
  icon?: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A games query as GameList shows it: skeletons while it runs, the error with its Retry. */
export function queryListState(query: {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}): Pick<GameListProps, 'loading' | 'error' | 'onRetry'> {
  return { loading: query.isPending, error: query.isError, onRetry: () => void query.refetch() };
}

interface GameListProps {
  games: Game[] | undefined;
  /** Nothing to show yet: skeleton tiles instead of the grid. */
  loading: boolean;
  /** The list failed and there is nothing to show: the error state with Retry. */
  error: boolean;
  onRetry: () => void;
  /** How many skeleton tiles stand in for the games (14 on provider pages, 7 in the casino). */
  skeletons: number;
  /**
   * The tiles the first answer will hold (a page: 20): while loading, the grid keeps room for
   * that many (the skeletons plus invisible places), so what follows it does not move when
   * the games arrive (issue 16, layout shift).
   */
  reserve?: number;
  /** Skeleton tiles after the games while the next page loads. */
  moreSkeletons?: number;
  /**
   * How many leading tiles load their artwork at once (the first answer, on a page whose
   * largest paint is a tile); the rest, and later pages, when they near the screen. A lazy
   * picture waits for layout, and the browser then loads all of the first answer's anyway.
   */
  eagerImages?: number;
  empty?: EmptyContent;
  /** Names the list for assistive technology (the section heading's id). */
  labelledBy?: string;
  id?: string;
  testId?: string;
}

/** A game grid with its loading (skeletons), empty and error states (DESIGN.md "States"). */
export function GameList({
  games,
  loading,
  error,
  onRetry,
  skeletons,
  reserve = skeletons,
  moreSkeletons = 0,
  eagerImages = 0,
  empty,
  labelledBy,
  id,
  testId,
}: GameListProps) {
  const { t } = useTranslation();
  const { play, pendingId } = usePlayGame();

  if (loading && !games) {
    return (
      <div role="status" data-testid={testId ? `${testId}-loading` : undefined}>
        <span className="visually-hidden">{t('games.grid.loading')}</span>
        <ul className={styles.grid} id={id}>
          {Array.from({ length: Math.max(skeletons, reserve) }, (_, index) => (
            <SkeletonTile key={index} hidden={index >= skeletons} />
          ))}
        </ul>
      </div>
    );
  }

  if (!games) {
    if (!error) return null;
    return <ListError onRetry={onRetry} testId={testId} />;
  }

  if (games.length === 0) {
    return (
      <EmptyState
        variant="inline"
        icon={empty?.icon ?? Dices}
        title={empty?.title ?? t('games.grid.emptyTitle')}
        text={empty?.text ?? t('games.grid.emptyText')}
        action={
          empty?.action ?? (
            <Link to="/casino" className={buttonClassName({ variant: 'secondary' })}>
              {t('games.grid.toCasino')}
            </Link>
          )
        }
        headingLevel={3}
        testId={testId ? `${testId}-empty` : undefined}
      />
    );
  }

  return (
    <ul
      className={styles.grid}
      id={id}
      aria-labelledby={labelledBy}
      aria-busy={moreSkeletons > 0 || undefined}
      data-testid={testId}
    >
      {games.map((game, index) => (
        <GameTile
          key={game.id}
          game={game}
          onPlay={play}
          busy={pendingId === game.id}
          eager={index < eagerImages}
        />
      ))}
      {Array.from({ length: moreSkeletons }, (_, index) => (
        <SkeletonTile key={`more-${index}`} />
      ))}
    </ul>
  );
}

/** "The games did not load" and a Retry button. */
export function ListError({
  onRetry,
  testId,
}: {
  onRetry: () => void;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="inline"
      tone="gold"
      icon={TriangleAlert}
      title={t('games.grid.errorTitle')}
      text={t('games.grid.errorText')}
      headingLevel={3}
      testId={testId ? `${testId}-error` : 'games-error'}
      action={
        <Button
          variant="primary"
          icon={<RotateCw size={18} aria-hidden="true" />}
          onClick={onRetry}
          data-testid="games-retry"
        >
          {t('games.grid.retry')}
        </Button>
      }
    />
  );
}
