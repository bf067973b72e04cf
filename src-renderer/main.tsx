// Runs in: renderer. Entry point.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, useApp } from './stores/app';
import './styles/app.css';
import { AccountBar } from './features/accounts/AccountBar';
import { AuthRoot, isAuthPath } from './features/accounts/AuthRoot';
import { z } from 'zod';
import { currentLocale } from './lib/i18n';
import { syncUiLanguageWithSettings } from './lib/i18n/sync';
import { prefetchReader } from './features/reader/prefetch';

// The CSP forbids eval: zod must not probe for it (the probe is reported as a CSP violation on every page).
z.config({ jitless: true });

// The reader's payload and code start loading now, alongside the app's own start.
prefetchReader(window.location.pathname);
applyTheme(useApp.getState().theme);
document.documentElement.lang = currentLocale();
syncUiLanguageWithSettings();
window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(useApp.getState().theme));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {isAuthPath(window.location.pathname) ? (
      <AuthRoot path={window.location.pathname} />
    ) : (
      <>
        <App />
        <AccountBar />
      </>
    )}
  </StrictMode>,
);
