import { compileClientPatternMap, compileClientRoutes } from './client-routes';

describe('client routes (the server knows the client app pages)', () => {
  const known = compileClientRoutes([
    '/',
    '/en',
    '/otsing/:keyWord?',
    '/en/document/:slug',
    '/admin/user/upload/:id?',
    '/error',
  ]);

  it.each([
    '/',
    '/en',
    '/en/',
    '/otsing',
    '/otsing/',
    '/otsing/t%C3%B6%C3%B6leping',
    '/OTSING',
    '/en/document/employment-contract',
    '/admin/user/upload',
    '/admin/user/upload/0195f0c2-0000-7000-8000-0000000000aa',
    '/error',
  ])('knows %s', (path) => expect(known(path)).toBe(true));

  it.each([
    '/see-lehte-pole',
    '/en/no-such-page',
    '/otsing/a/b',
    '/en/document',
    '/en/document/a/b',
    '/errors',
    '/%E0%A4%A',
    '/admin/user',
  ])('does not know %s', (path) => expect(known(path)).toBe(false));

  it('reads a final * as any rest of the path', () => {
    const withRest = compileClientRoutes(['/docs/*']);
    expect(withRest('/docs')).toBe(true);
    expect(withRest('/docs/a/b')).toBe(true);
    expect(withRest('/doc')).toBe(false);
  });

  it('finds the value of the most specific pattern a path matches', () => {
    const pageOf = compileClientPatternMap([
      ['/admin/user/:id?', 'user'],
      ['/admin/user/upload/:id?', 'upload'],
      ['/otsing/:keyWord?', 'search'],
    ]);
    expect(pageOf('/admin/user/upload')).toBe('upload');
    expect(pageOf('/admin/user/42')).toBe('user');
    expect(pageOf('/otsing/t%C3%B6%C3%B6leping')).toBe('search');
    expect(pageOf('/')).toBeUndefined();
    expect(pageOf('/%E0%A4%A')).toBeUndefined();
  });
});
