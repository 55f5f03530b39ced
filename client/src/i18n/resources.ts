/**
 * The UI texts: one JSON file per area and language (locales/<language>/<area>.json), merged into one
 * resource tree per language. Areas may add keys to the same group (say DOCUMENT) from their own file,
 * but a text is defined in one file only: a key defined twice stops the app at start (and a test).
 */
export type Resources = { [key: string]: string | Resources };

const files = import.meta.glob<Resources>('./locales/*/*.json', { eager: true, import: 'default' });

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

/** Every area's texts for each language found under locales/. */
export function loadResources(): Record<string, Resources> {
  const byLanguage: Record<string, Resources> = {};
  for (const [file, resources] of Object.entries(files)) {
    const language = file.split('/')[2]!;
    mergeInto((byLanguage[language] ??= {}), resources, file);
  }
  return byLanguage;
}

/** The area files per language, for the test that keeps both languages' areas in step. */
export function areaFiles(): Record<string, Resources> {
  return { ...files };
}
