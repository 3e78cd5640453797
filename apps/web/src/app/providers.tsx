import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { onSessionEnded } from '../features/auth';
import { i18n } from '../shared/i18n/i18n';
import { loadFontsAfterFirstScreen } from './load-fonts';
import { createQueryClient } from './query-client';

/** App-wide providers: server-state cache and translations. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Nothing of one player's server state may outlive their session.
  useEffect(() => onSessionEnded(() => queryClient.clear()), [queryClient]);
  useEffect(() => loadFontsAfterFirstScreen(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
