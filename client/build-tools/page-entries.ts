import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { PAGE_ENTRY_SCREENS, pageEntryName, type PageEntryScreen } from '../src/app/route-screens';
import { SCREEN_TEXT_AREAS } from '../src/app/screen-texts';
import { LANGUAGES } from './route-preloads';

const VIRTUAL_PREFIX = 'virtual:lepinguturg-page/';

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The code of a page's own entry: the shell's start with the screen and, written into it, its texts in
 * one language (a copy of the area files the screens loaded later import: a first visit makes three
 * requests fewer before it shows).
 */
function entryCode(screen: PageEntryScreen, language: string): string {
  const texts = Object.fromEntries(
    SCREEN_TEXT_AREAS[screen].map((area) => [
      area,
      JSON.parse(readFileSync(textsFile(language, area), 'utf8')) as unknown,
    ]),
  );
  return [
    `import { start } from ${JSON.stringify(source('src/app/start.tsx'))};`,
    `import { ${screen} } from ${JSON.stringify(source(PAGE_ENTRY_SCREENS[screen]))};`,
    `start({ name: ${JSON.stringify(screen)}, component: ${screen}, language: ${JSON.stringify(language)},`,
    `  texts: ${JSON.stringify(texts)} });`,
  ].join('\n');
}

const textsFile = (language: string, area: string) => source(`src/i18n/locales/${language}/${area}.json`);

/**
 * Builds, beside index.html's entry, one entry per screen of app/route-screens.ts's PAGE_ENTRY_SCREENS
 * and per language (named pageEntryName(screen, language)). Each imports the shell's start
 * (app/start.tsx) and the screen, carries the screen's text areas (app/screen-texts.ts) in that language,
 * and starts the app with them; route-preloads.ts tells the server which pages run which.
 */
export function pageEntries(): Plugin {
  return {
    name: 'lepinguturg:page-entries',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          input: {
            index: source('index.html'),
            ...Object.fromEntries(
              (Object.keys(PAGE_ENTRY_SCREENS) as PageEntryScreen[]).flatMap((screen) =>
                LANGUAGES.map((language) => [
                  pageEntryName(screen, language),
                  `${VIRTUAL_PREFIX}${screen}/${language}`,
                ]),
              ),
            ),
          },
        },
      },
    }),
    resolveId: (id) => (id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const [screen, language] = id.slice(VIRTUAL_PREFIX.length + 1).split('/') as [PageEntryScreen, string];
      if (!(screen in PAGE_ENTRY_SCREENS) || !LANGUAGES.includes(language as 'et')) {
        this.error(`no page entry ${screen}/${language}`);
      }
      for (const area of SCREEN_TEXT_AREAS[screen]) this.addWatchFile(textsFile(language, area));
      return entryCode(screen, language);
    },
  };
}
