import { PAGE_COOKIES_ELEMENT_ID, readCookie, resetPageCookies, writeCookie } from './cookies';

/** A page as the server writes it: the cookies its first render reads in a JSON element. */
function writePage(json: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_COOKIES_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
  resetPageCookies();
}

/** Counts the reads of document.cookie (the browser's own cookies, a wait on its network process). */
function countBrowserReads() {
  return vi.spyOn(document, 'cookie', 'get');
}

describe('cookies', () => {
  beforeEach(() => {
    document.cookie = 'lepinguturg.accessibility=; max-age=0; path=/';
  });
  afterEach(() => {
    document.getElementById(PAGE_COOKIES_ELEMENT_ID)?.remove();
    resetPageCookies();
  });

  it('takes a cookie the page carries from the page, without asking the browser', () => {
    writePage('{"lepinguturg.accessibility":"font-large contrast-high","lepinguturg.cookiesAccepted":null}');
    const reads = countBrowserReads();
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-high');
    expect(readCookie('lepinguturg.cookiesAccepted')).toBeNull();
    expect(reads).not.toHaveBeenCalled();
  });

  it('takes it from the page once: later reads ask the browser', () => {
    document.cookie = 'lepinguturg.accessibility=font-largest%20contrast-normal; path=/';
    writePage('{"lepinguturg.accessibility":"font-large contrast-high"}');
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-high');
    const reads = countBrowserReads();
    expect(readCookie('lepinguturg.accessibility')).toBe('font-largest contrast-normal');
    expect(reads).toHaveBeenCalled();
  });

  it('reads a cookie the page does not name, and every cookie of a page without the element, from the browser', () => {
    document.cookie = 'lepinguturg.accessibility=font-large%20contrast-normal; path=/';
    writePage('{"lepinguturg.cookiesAccepted":"1"}');
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-normal');
    document.getElementById(PAGE_COOKIES_ELEMENT_ID)?.remove();
    resetPageCookies();
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-normal');
    expect(readCookie('lepinguturg.nothing')).toBeNull();
  });

  it('reads a cookie written since the page loaded from the browser', () => {
    writePage('{"lepinguturg.accessibility":null}');
    writeCookie('lepinguturg.accessibility', 'font-largest contrast-high', 60);
    expect(readCookie('lepinguturg.accessibility')).toBe('font-largest contrast-high');
  });

  it('falls back on the browser when the element is not JSON, or names values that are not text', () => {
    document.cookie = 'lepinguturg.accessibility=font-large%20contrast-normal; path=/';
    writePage('{"lepinguturg.accessibility":');
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-normal');
    writePage('{"lepinguturg.accessibility":42}');
    expect(readCookie('lepinguturg.accessibility')).toBe('font-large contrast-normal');
  });
});
