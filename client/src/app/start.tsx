import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage } from '../config/routes';
import { addTextAreas, i18n, type Language, rememberedLanguage } from '../i18n';
import type { Resources } from '../i18n/resources';
import '../styles/index.css';
import { App } from './App';
import { preloadScreen, provideScreen } from './router';
import type { LazyScreenName, SCREEN_TEXT_AREAS } from './screen-texts';

/** The screen a page's own script brings along (client/build-tools/page-entries.ts): component and texts. */
export interface PageScreen<Name extends LazyScreenName> {
  readonly name: Name;
  readonly component: unknown;
  /** The language of the pages this script is named on, and the screen's text areas in it. */
  readonly language: Language;
  readonly texts: Readonly<Record<(typeof SCREEN_TEXT_AREAS)[Name][number], Resources>>;
}

/**
 * Starts the app. index.html's script (main.tsx) starts it with no screen: the page's lazily loaded
 * screen, if it has one, is downloaded first (the server names its files in the HTML, so they are on
 * their way) and the app renders once it is there. A page with a script of its own (the search and
 * document pages) starts it with its screen and texts: the app renders at once, in the same task.
 */
export function start<Name extends LazyScreenName>(page?: PageScreen<Name>): void {
  // The first render is already in the right language.
  void i18n.changeLanguage(detectLanguage(window.location, rememberedLanguage()));
  document.documentElement.lang = i18n.language;

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );

  if (page) {
    addTextAreas(page.language, page.texts);
    provideScreen(page.name, page.component);
  }
  // A page in another language than its script's (a domain of one language showing a path of the other,
  // which the app then moves) loads its texts first, as index.html's script does.
  if (page?.language === i18n.language) render();
  // The page's own screen first: the first paint is the page, not a skeleton it then replaces.
  else void preloadScreen(window.location.pathname).then(render);
}
