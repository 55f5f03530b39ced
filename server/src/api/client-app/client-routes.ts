/**
 * Tells the client app's pages from unknown paths, by the path patterns the client build writes to
 * client-routes.json (from client/src/config/route-table.ts). Patterns use react-router's syntax:
 * static segments, `:param`, optional `:param?` and a final `*`; matching ignores case and a trailing
 * slash, as react-router does.
 */
export type ClientRouteMatcher = (pathname: string) => boolean;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  let source = '';
  for (const segment of segments) {
    if (segment === '*') source += '(?:/.*)?';
    else if (/^:\w+\?$/.test(segment)) source += '(?:/[^/]+)?';
    else if (/^:\w+$/.test(segment)) source += '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/?$`, 'i');
}

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
