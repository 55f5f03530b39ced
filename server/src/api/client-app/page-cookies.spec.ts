import { PAGE_COOKIES_ELEMENT_ID, pageChoices, pageCookiesElement } from './page-cookies';

/** The cookies an element carries, as the client reads them. */
function written(element: string): unknown {
  const json = new RegExp(
    `^<script type="application/json" id="${PAGE_COOKIES_ELEMENT_ID}">(.*)</script>$`,
    's',
  ).exec(element);
  return json ? JSON.parse(json[1]!) : null;
}

describe('pageCookiesElement', () => {
  it('writes each cookie the first render reads, null for those the request does not carry', () => {
    expect(written(pageCookiesElement(undefined))).toEqual({
      'lepinguturg.cookiesAccepted': null,
      'lepinguturg.accessibility': null,
    });
    expect(written(pageCookiesElement('lepinguturg.cookiesAccepted=1'))).toEqual({
      'lepinguturg.cookiesAccepted': '1',
      'lepinguturg.accessibility': null,
    });
  });

  it('decodes values as the client wrote them, takes the first of a name, and leaves other cookies out', () => {
    const header =
      ' other=x ;lepinguturg.accessibility=font-largest%20contrast-high; lepinguturg.accessibility=font-large%20contrast-normal;broken; =nameless';
    expect(written(pageCookiesElement(header))).toEqual({
      'lepinguturg.cookiesAccepted': null,
      'lepinguturg.accessibility': 'font-largest contrast-high',
    });
  });

  it('keeps a value that is no valid percent-encoding as it is', () => {
    expect(written(pageCookiesElement('lepinguturg.accessibility=100%'))).toMatchObject({
      'lepinguturg.accessibility': '100%',
    });
  });
});

describe('pageChoices', () => {
  it('reads the consent and the accessibility classes the page is rendered with', () => {
    expect(pageChoices(undefined)).toEqual({
      cookiesAccepted: false,
      htmlClasses: ['font-default', 'contrast-normal'],
    });
    expect(
      pageChoices('lepinguturg.cookiesAccepted=1; lepinguturg.accessibility=font-largest%20contrast-high'),
    ).toEqual({ cookiesAccepted: true, htmlClasses: ['font-largest', 'contrast-high'] });
  });

  it('writes no class the panel does not have, whatever the cookie says', () => {
    expect(
      pageChoices('lepinguturg.accessibility=x%22onload%3D%22alert(1)%20contrast-high').htmlClasses,
    ).toEqual(['font-default', 'contrast-high']);
  });
});
