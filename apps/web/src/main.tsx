import './shared/lib/zod-jitless';
import './shared/styles/tokens.css';
import './shared/styles/global.css';
import './shared/i18n/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { startSession } from './features/auth';
import { syncTheme } from './features/theme';
import { syncLanguageAcrossTabs } from './shared/i18n/i18n';

syncTheme();
syncLanguageAcrossTabs();
startSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The landing page's code (already on its way: the server preloads it with the page) before
// the first render, so the page renders with the shell rather than 300 ms after it (React's
// reveal of a suspended page, lazy-page.tsx). Not longer than a second: on a link that slow,
// the shell and the page's placeholder come first.
const firstPageWait = 1000;

function render(): void {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole shell and page at once (a phone's long task, decision
  // 056); what it commits is the same.
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void Promise.race([
  preloadRoute(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, firstPageWait)),
])
  .catch(() => undefined)
  .then(render);
