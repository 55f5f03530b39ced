/**
 * The UI texts: one JSON file per area and language (locales/<language>/<area>.json). Areas may add
 * keys to the same group (say DOCUMENT) from their own file, but a text is defined in one file only: a
 * key defined twice stops the app at start (shell areas) or fails a test (i18n.test.ts).
 *
 * The shell's areas (its top bar, menus, footer, cookie banner, home and error pages) are bundled with
 * the shell in both languages. Every other area is a chunk of its own, loaded in the current language
 * with the screens that show it (app/screen-texts.ts), so a page downloads the texts it shows and no
 * more (docs/decisions/texts-load-with-their-screens.md).
 */
export type Resources = { [key: string]: string | Resources };

const shellFiles = import.meta.glob<Resources>('./locales/*/{shell,account,security,home}.json', {
  eager: true,
  import: 'default',
});

const screenFiles = import.meta.glob<Resources>(
  ['./locales/*/*.json', '!./locales/*/{shell,account,security,home}.json'],
  { import: 'default' },
);

const languageOf = (file: string) => file.split('/')[2]!;
const areaOf = (file: string) => file.split('/')[3]!.replace(/\.json$/, '');
const areasIn = (files: Record<string, unknown>) => [...new Set(Object.keys(files).map(areaOf))].sort();

/** The areas bundled with the shell. */
export const SHELL_AREAS: readonly string[] = areasIn(shellFiles);
/** The areas loaded with the screens that show them. */
export const SCREEN_AREAS: readonly string[] = areasIn(screenFiles);

function mergeInto(target: Resources, source: Resources, file: string, path: string[] = []): void {
  for (const [key, value] of Object.entries(source)) {
    const here = [...path, key];
    const existing = target[key];
    if (typeof value === 'string' || typeof existing === 'string') {
      if (existing !== undefined) throw new Error(`Text ${here.join('.')} is defined twice (${file})`);
      target[key] = value;
    } else {
      const branch: Resources = existing ?? {};
      target[key] = branch;
      mergeInto(branch, value, file, here);
    }
  }
}

function mergeByLanguage(files: Record<string, Resources>): Record<string, Resources> {
  const byLanguage: Record<string, Resources> = {};
  for (const [file, resources] of Object.entries(files)) {
    mergeInto((byLanguage[languageOf(file)] ??= {}), resources, file);
  }
  return byLanguage;
}

/** The shell's texts for each language found under locales/, merged into one tree per language. */
export function shellResources(): Record<string, Resources> {
  return mergeByLanguage(shellFiles);
}

/** One screen area's texts in one language (its own chunk of the build). */
export function loadScreenArea(language: string, area: string): Promise<Resources> {
  const load = screenFiles[`./locales/${language}/${area}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for the area ${area} in ${language}`));
}

/** Every area file, by path (./locales/<language>/<area>.json): the tests keep the languages in step. */
export async function allAreaFiles(): Promise<Record<string, Resources>> {
  const loaded = await Promise.all(
    Object.entries(screenFiles).map(async ([file, load]) => [file, await load()] as const),
  );
  return { ...shellFiles, ...Object.fromEntries(loaded) };
}

/** Every text of every area, merged per language: a key defined twice anywhere throws. */
export async function allResources(): Promise<Record<string, Resources>> {
  return mergeByLanguage(await allAreaFiles());
}
