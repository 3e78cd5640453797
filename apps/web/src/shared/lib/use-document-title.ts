import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · Orbita" while the calling page is shown. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.titleTemplate', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
