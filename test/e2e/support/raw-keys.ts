/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * The texts on the page that look like translation keys (GROUP.KEY in capitals, as in
 * client/src/i18n/locales): what a screen shows when the text area holding them was not loaded with it
 * (client/src/app/screen-texts.ts). Visible text, labels, placeholders and titles count.
 */
export async function textsShownAsKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const KEY = /\b[A-Z][A-Z0-9_]+\.[A-Z][A-Z0-9_]+(?:\.[A-Za-z0-9_-]+)*\b/g;
    const attributes = ['aria-label', 'placeholder', 'title', 'alt'];
    const texts = [document.body.innerText, document.title];
    document.querySelectorAll('*').forEach((element) => {
      for (const name of attributes) texts.push(element.getAttribute(name) ?? '');
    });
    return [...new Set(texts.flatMap((text) => text.match(KEY) ?? []))];
  });
}
