import { RotateCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../shared/ui/button/button';
import { EmptyState } from '../shared/ui/empty-state/empty-state';
import styles from './route-error.module.css';

/**
 * Shown when a page throws while rendering or its code fails to load (after a deploy, an old
 * tab asks for chunks that no longer exist: a reload fetches the new ones).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className={styles.wrap} data-testid="route-error">
      <EmptyState
        icon={TriangleAlert}
        tone="gold"
        headingLevel={1}
        title={t('routeError.title')}
        text={t('routeError.text')}
        action={
          <Button
            variant="primary"
            size="lg"
            icon={<RotateCw size={20} aria-hidden="true" />}
            onClick={() => window.location.reload()}
          >
            {t('routeError.action')}
          </Button>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next page's path) clears a caught error, so the menu gets you out. */
  resetKey?: string;
}

interface BoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/**
 * Catches what a page (or the shell) throws while rendering, including a lazy page whose chunk
 * failed to load, and shows RouteError instead. The app uses the declarative router (decision
 * 003), which has no route `errorElement`, so this boundary takes that role.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
