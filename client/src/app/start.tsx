import { startTransition, StrictMode, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { detectLanguage } from '../config/routes';
import { i18n, rememberedLanguage } from '../i18n';
import '../styles/index.css';
import { App } from './App';
import { preloadScreen } from './router';

/**
 * Hydration found the server's page different from what the app renders. Logged with a mark of its own:
 * the browser journeys fail on it (test/e2e/support/browser.ts).
 */
function hydrationFailed(error: unknown, info: ErrorInfo): void {
  console.error('[hydration]', error instanceof Error ? error.message : error, info.componentStack ?? '');
}

/**
 * Starts the app (index.html's script). Public pages come rendered from the server (client/src/app/
 * render-page.tsx): the app hydrates them. Every other page (the signed-in and admin area, the basket)
 * the app renders itself. Either way the page's lazily loaded screen comes first (the server names its
 * files in the HTML, so they are on their way): hydration finds the page as the server rendered it, and
 * a page rendered here shows the screen at once instead of a skeleton first.
 */
function start(): void {
  // The first render is already in the right language.
  void i18n.changeLanguage(detectLanguage(window.location, rememberedLanguage()));
  document.documentElement.lang = i18n.language;

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  void preloadScreen(window.location.pathname).then(() => {
    if (root.hasChildNodes()) {
      // A transition: hydration yields to the browser between components instead of one long task, and
      // the page the server rendered stays usable meanwhile (React replays a click that comes first).
      startTransition(() => {
        hydrateRoot(root, app, { onRecoverableError: hydrationFailed });
      });
    } else {
      createRoot(root).render(app);
    }
  });
}

start();
