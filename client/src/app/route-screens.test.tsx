import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ROUTE_SCREENS } from './route-screens';
import { ADMIN_SCREENS, LAZY_SCREENS, SCREENS } from './router';

describe('ROUTE_SCREENS, from which the build names each page’s files', () => {
  const routes = { ...SCREENS, ...ADMIN_SCREENS };

  it('lists every route whose screen is loaded lazily, and no other', () => {
    const lazyRoutes = Object.entries(routes)
      .filter(([, screen]) => {
        const element = screen();
        return isValidElement(element) && [...LAZY_SCREENS.values()].includes(element.type);
      })
      .map(([name]) => name);
    expect(Object.keys(ROUTE_SCREENS).sort()).toEqual(lazyRoutes.sort());
  });

  it.each(Object.entries(ROUTE_SCREENS))('%s shows %s', (route, screen) => {
    const element = routes[route as keyof typeof routes]!();
    expect(isValidElement(element) && element.type).toBe(LAZY_SCREENS.get(screen));
  });
});
