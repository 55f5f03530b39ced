/**
 * Tells the client app's pages from unknown paths, by the path patterns the client build writes to
 * client-routes.json (from client/src/config/route-table.ts). Patterns use react-router's syntax:
 * static segments, `:param`, optional `:param?` and a final `*`; matching ignores case and a trailing
 * slash, as react-router does.
 */
export type ClientRouteMatcher = (pathname: string) => boolean;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern as a regular expression with one capturing group per `:param`, in order. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  let source = '';
  for (const segment of segments) {
    if (segment === '*') source += '(?:/.*)?';
    else if (/^:\w+\?$/.test(segment)) source += '(?:/([^/]+))?';
    else if (/^:\w+$/.test(segment)) source += '/([^/]+)';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

const parameterNames = (pattern: string) =>
  pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1).replace(/\?$/, ''));

/** The path as react-router compares it: percent-decoded, "" as "/"; null when it cannot be decoded. */
function decodedPath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded === '' ? '/' : decoded;
  } catch {
    return null;
  }
}

export function compileClientRoutes(patterns: readonly string[]): ClientRouteMatcher {
  const expressions = patterns.map(patternToRegExp);
  return (pathname) => {
    const path = decodedPath(pathname);
    return path !== null && expressions.some((expression) => expression.test(path));
  };
}

const staticSegments = (pattern: string) =>
  pattern.split('/').filter((segment) => segment !== '' && segment !== '*' && !segment.startsWith(':'))
    .length;

/**
 * Finds the value of the pattern a path matches: the most specific one (most static segments) when
 * several do, as react-router ranks them; undefined when none does.
 */
export function compileClientPatternMap<T>(
  entries: readonly (readonly [pattern: string, value: T])[],
): (pathname: string) => T | undefined {
  const ranked = entries
    .map(([pattern, value]) => ({
      expression: patternToRegExp(pattern),
      rank: staticSegments(pattern),
      value,
    }))
    .sort((a, b) => b.rank - a.rank);
  return (pathname) => {
    const path = decodedPath(pathname);
    return path === null ? undefined : ranked.find(({ expression }) => expression.test(path))?.value;
  };
}

/** A named route of the client's table (client/src/config/route-table.ts) a path is, with its parameters. */
export interface NamedRouteMatch {
  readonly name: string;
  readonly language: string;
  /** Decoded; an optional parameter the path leaves out is absent. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The route table as client-routes.json carries it: each name's path pattern by language, beside other
 * properties of the route (its hash, whether it needs a login).
 */
export type RouteTable = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * Finds which named route a path is, and its parameters, ranking patterns as compileClientPatternMap
 * does (so `/otsing/uleslaadija/<id>` is the uploader's search, `/otsing/<word>` the search for a word).
 */
export function compileRouteTable(routes: RouteTable): (pathname: string) => NamedRouteMatch | undefined {
  const entries = Object.entries(routes).flatMap(([name, paths]) =>
    Object.entries(paths)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].startsWith('/'))
      .map(([language, pattern]) => [pattern, { name, language, names: parameterNames(pattern) }] as const),
  );
  const find = compileClientPatternMap(entries.map(([pattern, route]) => [pattern, { pattern, route }]));
  const expressions = new Map(entries.map(([pattern]) => [pattern, patternToRegExp(pattern)]));
  return (pathname) => {
    const path = decodedPath(pathname);
    const found = path === null ? undefined : find(pathname);
    if (!found || path === null) return undefined;
    const values = expressions.get(found.pattern)?.exec(path)?.slice(1) ?? [];
    const params: Record<string, string> = {};
    found.route.names.forEach((name, index) => {
      const value = values[index];
      if (value !== undefined) params[name] = value;
    });
    return { name: found.route.name, language: found.route.language, params };
  };
}
