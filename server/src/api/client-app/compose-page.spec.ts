import { composePage } from './client-app';

const INDEX =
  '<!doctype html><html lang="et"><head><meta charset="UTF-8" /><meta name="description" content="x" /><title>Lepinguturg</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('a page made from index.html', () => {
  it('puts the head, the rendered app and the elements in their places, and the language and classes on <html>', () => {
    const html = composePage(INDEX, {
      language: 'en',
      htmlClasses: ['font-large', 'contrast-high'],
      head: '<title>Tiim · Lepinguturg</title>',
      links: '<link rel="stylesheet" href="/s.css">',
      app: '<main><h1>Team</h1></main>',
      elements: '<script type="application/json" id="page-answers">{}</script>',
    });
    expect(html).toBe(
      '<!doctype html><html lang="en" class="font-large contrast-high"><head><meta charset="UTF-8" />' +
        '<title>Tiim · Lepinguturg</title><link rel="stylesheet" href="/s.css"></head><body>' +
        '<div id="root"><main><h1>Team</h1></main></div><script type="module" src="/a.js"></script>' +
        '<script type="application/json" id="page-answers">{}</script></body></html>',
    );
  });

  it("writes a user's text as it is, even one that a replacement pattern would read ($& $' $1)", () => {
    const title = "Leping $& $' $` $1";
    const html = composePage(INDEX, {
      head: `<title>${title}</title>`,
      links: '',
      app: `<h1>${title}</h1>`,
      elements: '',
    });
    expect(html).toContain(`<title>${title}</title></head>`);
    expect(html).toContain(`<div id="root"><h1>${title}</h1></div>`);
  });

  it('keeps index.html as it is for a page the app renders, besides what it names', () => {
    expect(composePage(INDEX, { links: '', elements: '' })).toBe(INDEX);
  });
});
