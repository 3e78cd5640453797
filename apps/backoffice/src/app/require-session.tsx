import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useMe } from '../features/auth/session';
import { isApiError, onUnauthorized } from '../shared/api/client';
import { ErrorState, Skeleton } from '../shared/ui/states';
import { Shell } from './layout/shell';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The signed-in part of the app: while "who am I" is asked, a placeholder; no session (401),
 * the login page, which comes back here afterwards; any other failure, the error with Retry.
 */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  const client = useQueryClient();
  const navigate = useNavigate();

  // A 401 on any call (an idle session timed out, an admin ended it): nothing of the session
  // stays on screen or in the cache, and the login page brings the person back here.
  useEffect(() => {
    onUnauthorized(() => {
      const back = `${window.location.pathname.replace(/^\/backoffice/, '')}${window.location.search}`;
      client.clear();
      void navigate(`/login?next=${encodeURIComponent(back || '/')}`, { replace: true });
    });
    return () => onUnauthorized(null);
  }, [client, navigate]);

  if (me.isPending) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <Skeleton lines={4} />
        </div>
      </div>
    );
  }
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) {
      const back = `${location.pathname}${location.search}`;
      return <Navigate to={`/login?next=${encodeURIComponent(back)}`} replace />;
    }
    return (
      <div className="auth-page">
        <div className="auth-card">
          <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        </div>
      </div>
    );
  }
  return <Shell me={me.data} />;
}
