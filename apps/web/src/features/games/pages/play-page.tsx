import type { LaunchResponse } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Expand, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { cx } from '../../../shared/lib/class-names';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { buttonClassName, IconButton } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../../auth';
import { LazySessionClock } from '../../responsible-gaming';
import { launchGuard, toGame } from '../api/game-guards';
import { gameTitle, isProviderSlug } from '../catalog';
import { launchGame } from '../api/launch-game';
import { launchErrorText } from '../hooks/launch-error-text';
import type { PlayRouteState } from '../hooks/use-play-game';
import { useViewer } from '../hooks/use-viewer';
import styles from './play-page.module.css';

/** What the lobby handed over, if anything usable (history state outlives deploys). */
function readState(state: unknown): Partial<PlayRouteState> {
  if (typeof state !== 'object' || state === null) return {};
  const { game, launch, from } = state as Record<string, unknown>;
  return {
    game: toGame(game) ?? undefined,
    launch: isLaunch(launch) ? launch : undefined,
    from: typeof from === 'string' && from.startsWith('/') ? from : undefined,
  };
}

function isLaunch(value: unknown): value is LaunchResponse {
  try {
    launchGuard.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The game frame (/play/:provider/:gameId; decision 022): the provider's game in a full-height
 * frame under a "Back to lobby" bar, inside the shell, so the header (and the balance) stays in
 * view. The lobby launches the game before coming here and hands over the answer; opened
 * directly (a reload, a link), the page launches the game itself.
 */
export function PlayPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const language = useLanguage();
  const viewer = useViewer();
  const user = useAuthStore((state) => state.user);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);

  const state = readState(location.state);
  const provider = isProviderSlug(params.provider) ? params.provider : null;
  const gameId = params.gameId ?? '';
  const handed = state.game?.gameId === gameId ? state.launch : undefined;
  const backTo = state.from ?? '/';
  const handedGame = state.game?.gameId === gameId ? state.game : undefined;

  const query = useQuery({
    queryKey: ['games', 'launch', { provider, gameId, viewer }],
    queryFn: ({ signal }) => launchGame({ provider: provider!, gameId }, language, signal),
    enabled: Boolean(provider && gameId) && !handed,
    // A launch opens a session at the provider: never reuse an old answer, never retry silently.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const launch: LaunchResponse | undefined = handed ?? query.data;
  const failed = !provider || query.isError;
  // The game's title in the page's language (issue 25: never the provider's raw id): handed
  // over by the lobby, else named by the launch's answer; the studio's name until then.
  const name =
    (handedGame && gameTitle(handedGame, language)) ||
    query.data?.name ||
    (provider ? t(`games.providers.${provider}`) : t('games.play.title'));

  useDocumentTitle(name);

  useEffect(() => {
    if (query.error && provider) {
      toast.error(launchErrorText(query.error, provider, t), t('games.errors.title'));
    }
  }, [query.error, provider, t]);

  // The game's own "exit" leads back to the lobby inside the frame: bring the lobby out of it.
  const onFrameLoad = () => {
    try {
      const inner = frameRef.current?.contentWindow?.location;
      if (!inner || inner.origin !== window.location.origin) return;
      if (inner.pathname.startsWith('/studios/') || inner.pathname.startsWith('/api/')) return;
      if (inner.href === 'about:blank') return;
      void navigate(backTo);
    } catch {
      // A provider on another origin: its pages are its own business.
    }
  };

  const fullscreen = () => {
    void stageRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div className={styles.play} data-testid="play-page">
      <div className={styles.bar}>
        <Link
          to={backTo}
          className={buttonClassName({ variant: 'secondary' })}
          data-testid="play-back"
        >
          <ArrowLeft size={18} aria-hidden="true" />
          {t('games.play.back')}
        </Link>
        <h1 className={styles.name} data-testid="play-title">
          {name}
        </h1>
        {launch && (
          <span
            className={cx(styles.mode, launch.mode === 'real' && styles.modeReal)}
            data-testid="play-mode"
            data-mode={launch.mode}
          >
            {launch.mode === 'real' ? t('games.play.modeReal') : t('games.play.modeDemo')}
          </span>
        )}
        {/* Real money only: the elapsed session time a regulator asks for (decision 070). */}
        {launch?.mode === 'real' && user && <LazySessionClock userId={user.id} />}
        <IconButton
          className={styles.fullscreen}
          aria-label={t('games.play.fullscreen')}
          onClick={fullscreen}
          disabled={!launch}
        >
          <Expand size={20} aria-hidden="true" />
        </IconButton>
      </div>

      <div ref={stageRef} className={styles.stage}>
        {launch ? (
          <iframe
            ref={frameRef}
            className={styles.frame}
            src={launch.url}
            title={name}
            allow="autoplay; fullscreen"
            allowFullScreen
            onLoad={onFrameLoad}
            data-testid="play-frame"
          />
        ) : failed ? (
          <EmptyState
            icon={TriangleAlert}
            tone="gold"
            title={t('games.play.failedTitle')}
            text={provider ? launchErrorText(query.error, provider, t) : t('games.errors.notFound')}
            action={
              <Link to={backTo} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                {t('games.play.back')}
              </Link>
            }
            testId="play-error"
          />
        ) : (
          <div className={styles.opening} role="status">
            <Spinner size={32} />
            <span>{t('games.play.opening')}</span>
          </div>
        )}
      </div>
    </div>
  );
}
