import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROOT, NEUTRAL_ROUTES, ROUTES } from '../config/routes';
import { createRoutes, routesThatMayMatch } from './router';

/** A path for each pattern: parameters filled in, optional ones both left out and given. */
function samplePaths(pattern: string): string[] {
  const filled = pattern.replace(/:(\w+)\?/g, 'valik').replace(/:(\w+)/g, 'abc-123');
  const without = pattern.replace(/\/:\w+\?/g, '');
  return [...new Set([filled, without || '/'])];
}

const patterns = [
  ...Object.values(ROUTES).flatMap((route) => [route.et, route.en]),
  ADMIN_ROOT.et,
  ADMIN_ROOT.en,
  ...Object.values(NEUTRAL_ROUTES),
];

const paths = [
  ...patterns.flatMap(samplePaths),
  // What people type and old links carry: other cases, trailing slashes, escapes, deeper and unknown paths.
  '/OTSING',
  '/Otsing/T%C3%B6%C3%B6leping',
  '/otsing/',
  '/%6Fstukorv',
  '/en/Search/lease/',
  '/otsing/uleslaadija/3f6c2a1e-8b4d-4c7a-9e21-5d0b7f3a1c84',
  '/otsing/a/b/c',
  '/dokument',
  '/en',
  '/en/',
  '/en/no-such-page',
  '/no-such-page',
  '/admin/user',
  '//otsing',
  '/%E0%A4%A',
];

const ids = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((match) => match.route.id ?? match.route.path ?? '(layout)');

describe('the routes the app gives react-router for a path', () => {
  const routes = createRoutes();

  it.each(paths)('match %s as the whole route table does', (pathname) => {
    const whole = ids(routes, pathname);
    expect(whole).toBeDefined();
    expect(ids(routesThatMayMatch(routes, pathname), pathname)).toEqual(whole);
  });

  it('leave out most of the table for a page’s path', () => {
    const count = (tree: RouteObject[]): number =>
      tree.reduce((sum, route) => sum + (route.path ? 1 : 0) + count(route.children ?? []), 0);
    expect(count(routesThatMayMatch(routes, '/otsing'))).toBeLessThan(5);
    expect(count(routes)).toBeGreaterThan(70);
  });
});
