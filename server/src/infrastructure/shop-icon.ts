/**
 * The shop's icon, as client/index.html draws it: the tab icon of the pages the server renders itself
 * (hosted sign-in, the embedded test gateway) and the answer to GET /favicon.ico, which browsers ask
 * for on pages without an icon of their own (a PDF opened in the browser, say).
 */
export const SHOP_ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='7' fill='#1d3557'/>" +
  "<path d='M10 8h9l5 5v11a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2z' fill='#fff'/>" +
  "<path d='M12 17h8M12 21h6' stroke='#1d3557' stroke-width='2' stroke-linecap='round'/></svg>";

/** The icon as the data: URL of client/index.html's `<link rel="icon">` (no request, no CSP source). */
export const SHOP_ICON_DATA_URL = `data:image/svg+xml,${SHOP_ICON_SVG.replace(/</g, '%3C').replace(/>/g, '%3E').replace(/#/g, '%23')}`;
