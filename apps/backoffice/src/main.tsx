import './shared/lib/zod-jitless';
import '@fontsource-variable/inter';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/controls.css';
import './shared/styles/surfaces.css';
import './shared/styles/layout.css';
import './shared/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, initialTheme } from './shared/lib/preferences';

applyTheme(initialTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
