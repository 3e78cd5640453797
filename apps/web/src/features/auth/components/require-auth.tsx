import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth-store';
import { askToSignInFor } from '../return-after-sign-in';
import styles from './require-auth.module.css';

/**
 * Shows its children to signed-in players only. A guest is sent to the lobby (SPEC §6) with
 * the login window open over it, and arrives at the page after signing in (issue 25).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  const isChecking = useAuthStore((state) => state.isChecking);

  if (isChecking) {
    return (
      <div className={styles.checking} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    );
  }
  if (!isAuth) return <SignInFirst />;
  return children;
}

const landing = '/';

function SignInFirst() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    askToSignInFor({ pathname, search, hash }, landing);
    void navigate(landing, { replace: true });
  }, [navigate, pathname, search, hash]);
  return null;
}
