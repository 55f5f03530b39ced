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

export function compileClientRoutes(patterns: readonly string[]): ClientRouteMatcher {
  const expressions = patterns.map(patternToRegExp);
  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const path = decoded === '' ? '/' : decoded;
    return expressions.some((expression) => expression.test(path));
  };
}
