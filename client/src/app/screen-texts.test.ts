/// <reference types="node" />
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allAreaFiles, type Resources, SHELL_AREAS } from '../i18n/resources';
import { SCREEN_TEXT_AREAS } from './screen-texts';

/*
 * Reads the sources: every text key a lazily loaded screen's modules name must be in the shell's areas
 * or in the areas screen-texts.ts loads with it, and every key the shell's own modules name must be in
 * the shell's areas. A screen missing an area would show that area's texts as keys, in every language
 * (the languages have the same keys: i18n.test.ts), and only on the screens no other test opens.
 */
const SRC = resolve(__dirname, '..');
const MODULE_FILE = /\.(ts|tsx)$/;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return file && MODULE_FILE.test(file) && !file.includes('/i18n/locales/') ? file : null;
}

const STATIC_IMPORT = /(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A module and what it imports, transitively: statically only, or with dynamic imports too. */
function moduleGraph(
  entry: string,
  withDynamic: boolean,
  stopAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || stopAt.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const imports = [
      ...source.matchAll(STATIC_IMPORT),
      ...(withDynamic ? source.matchAll(DYNAMIC_IMPORT) : []),
    ];
    for (const [, specifier] of imports) {
      const imported = resolveImport(file, specifier!);
      if (imported) pending.push(imported);
    }
  }
  return seen;
}

/** Text keys named in a module: 'GROUP.KEY' literals, and `GROUP.${…}` / `GROUP.PREFIX_${…}` templates. */
function keysNamedIn(file: string): { exact: string[]; prefixes: string[] } {
  const source = readFileSync(file, 'utf8');
  const exact = [...source.matchAll(/['"`]([A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_-]+)+)['"`]/g)].map((m) => m[1]!);
  const prefixes = [...source.matchAll(/`([A-Z][A-Z0-9_]*\.(?:[A-Za-z0-9_-]+\.)*[A-Za-z0-9_]*)\$\{/g)].map(
    (m) => m[1]!,
  );
  return { exact, prefixes };
}

function keysOf(value: Resources | string, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** The Estonian keys of each area (English has the same: i18n.test.ts). */
async function keysByArea(): Promise<Map<string, Set<string>>> {
  const byArea = new Map<string, Set<string>>();
  for (const [file, resources] of Object.entries(await allAreaFiles())) {
    const [, , language, name] = file.split('/');
    if (language !== 'et') continue;
    byArea.set(name!.replace(/\.json$/, ''), new Set(keysOf(resources)));
  }
  return byArea;
}

/** The keys named in `files` that none of `areas` defines (plural forms count: KEY_one, KEY_other). */
function missingKeys(files: Iterable<string>, areas: readonly string[], byArea: Map<string, Set<string>>) {
  const known = areas.flatMap((area) => [...(byArea.get(area) ?? [])]);
  const defines = (key: string) =>
    known.some((k) => k === key || k.startsWith(`${key}_`) || k.startsWith(`${key}.`));
  // A literal that no area at all defines is not a text key (a date format, an SVG path, …).
  const anyArea = [...byArea.values()].flatMap((keys) => [...keys]);
  const isTextKey = (key: string) =>
    anyArea.some((k) => k === key || k.startsWith(`${key}_`) || k.startsWith(`${key}.`));
  const missing: string[] = [];
  for (const file of files) {
    const { exact, prefixes } = keysNamedIn(file);
    for (const key of exact)
      if (isTextKey(key) && !defines(key)) missing.push(`${key} (${relative(SRC, file)})`);
    for (const prefix of prefixes) {
      if (!anyArea.some((k) => k.startsWith(prefix))) continue;
      if (!known.some((k) => k.startsWith(prefix))) missing.push(`${prefix}… (${relative(SRC, file)})`);
    }
  }
  return [...new Set(missing)];
}

/** Each lazily loaded screen's module, by the name router.tsx gives lazyScreen. */
function lazyScreenModules(): Map<string, string> {
  const router = join(SRC, 'app/router.tsx');
  const source = readFileSync(router, 'utf8');
  const loaders = new Map<string, string>();
  for (const [, name, specifier] of source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) {
    loaders.set(name!, specifier!);
  }
  const screens = new Map<string, string>();
  const lazy = /lazyScreen\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),\s*'(\w+)'/g;
  for (const [, specifier, loader, screen] of source.matchAll(lazy)) {
    const file = resolveImport(router, specifier ?? loaders.get(loader!)!);
    if (file) screens.set(screen!, file);
  }
  return screens;
}

/** The shell's modules that only ever render inside a screen (router.tsx passes them as props). */
const basketButton = [
  'features/basket/components/AddToCartButton.tsx',
  'features/basket/api/add-document-to-basket.ts',
  // "Get it free" of a free document, inside the same button.
  'features/basket/components/FreeCheckout.tsx',
  'features/basket/api/free-checkout.ts',
];
const GIVEN_TO_SCREENS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    SearchPage: basketButton,
    DocumentPage: [...basketButton, 'features/my-documents/components/OwnerEditLink.tsx'],
  }).map(([screen, files]) => [screen, files.map((file) => join(SRC, file))]),
);

describe('texts loaded with the screens (screen-texts.ts)', () => {
  const shell = moduleGraph(join(SRC, 'app/start.tsx'), false);
  const screens = lazyScreenModules();

  it('finds every lazily loaded screen of the router, and each names its areas', () => {
    expect([...screens.keys()].sort()).toEqual(Object.keys(SCREEN_TEXT_AREAS).sort());
  });

  it('the shell names only texts of its own areas', async () => {
    const given = new Set(Object.values(GIVEN_TO_SCREENS).flat());
    const own = [...shell].filter((file) => !given.has(file));
    expect(missingKeys(own, SHELL_AREAS, await keysByArea())).toEqual([]);
  });

  it.each([...Object.keys(SCREEN_TEXT_AREAS)])(
    '%s names only texts of the areas it loads',
    async (screen) => {
      const areas = [...SHELL_AREAS, ...SCREEN_TEXT_AREAS[screen as keyof typeof SCREEN_TEXT_AREAS]];
      // Components the router gives the screen (the basket button) are the shell's modules; their areas
      // come with the screen, so they are checked with it.
      const own = moduleGraph(screens.get(screen)!, true, shell);
      const given = GIVEN_TO_SCREENS[screen] ?? [];
      expect(missingKeys([...own, ...given], areas, await keysByArea())).toEqual([]);
    },
  );
});

describe('texts a component shows (t with a literal key)', () => {
  it('are texts, not groups of texts (i18next would show "key … returned an object instead of string")', async () => {
    const keys = [...(await keysByArea()).values()].flatMap((area) => [...area]);
    const plural = /_(zero|one|two|few|many|other)$/;
    const isText = (key: string) =>
      keys.some((k) => k === key || (k.startsWith(`${key}_`) && plural.test(k.slice(key.length))));
    const isGroup = (key: string) => keys.some((k) => k.startsWith(`${key}.`));
    const groups: string[] = [];
    for (const file of moduleGraph(join(SRC, 'app/start.tsx'), true)) {
      const source = readFileSync(file, 'utf8');
      for (const [call, key] of source.matchAll(/\bt\(\s*'([A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_-]+)+)'[^)]*\)/g)) {
        if (isGroup(key!) && !isText(key!) && !call.includes('returnObjects'))
          groups.push(`${key} (${relative(SRC, file)})`);
      }
    }
    expect(groups).toEqual([]);
  });
});
