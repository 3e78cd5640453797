import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth-store';
import styles from './require-auth.module.css';

/** Shows its children to signed-in players only; a guest is sent to the lobby (SPEC §6). */
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
  if (!isAuth) return <Navigate to="/" replace />;
  return children;
}
