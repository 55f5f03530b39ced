import { cloneElement, Fragment, createElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)(?:\s*\/>|>(.*?)<\/\1>)/gs;

/**
 * A translated text with elements in it: each `<name></name>` (or `<name/>`) is replaced by the element
 * given for that name, with the text between the tags, if any, as its children ("Teenid iga müügiga
 * <amount></amount>" with an amount). A tag without an element stays as its text. What react-i18next's
 * `Trans` did for the one such text, without a library for it.
 */
export function withElements(text: string, elements: Readonly<Record<string, ReactElement>>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    const element = elements[name!];
    if (!element) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(cloneElement(element, { key: `${name}-${parts.length}` }, ...(inner ? [inner] : [])));
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
