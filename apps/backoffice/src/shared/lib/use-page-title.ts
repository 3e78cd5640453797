import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Withdrawals · Orbita back office": each screen names itself in the tab and for screen readers. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('common.appName');
  useEffect(() => {
    document.title = `${title} · ${app}`;
  }, [title, app]);
}
