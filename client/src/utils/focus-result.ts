/** How long the result of an action may take to appear (its request, then React's render). */
const WAIT_MS = 3000;

type Target = string | (() => Element | null | undefined);

const find = (target: Target): HTMLElement | null => {
  const element = typeof target === 'string' ? document.querySelector(target) : target();
  return element instanceof HTMLElement && element.isConnected ? element : null;
};

/**
 * Puts keyboard focus on the result of an action (issue 27): the first of `targets` (selectors, or
 * functions finding an element) that is in the page once the action's answer has been rendered, never
 * leaving it on <body> or on a control that is gone. A heading or section is made focusable for it
 * (tabindex -1). Stops when the person moves focus themselves meanwhile.
 */
export function focusResult(...targets: Target[]): void {
  focusResultWhen(() => true, ...targets);
}

/**
 * As {@link focusResult}, once `ready()` says the page shows the action's result: an action whose answer
 * arrives before the page has redrawn (a removed line still listed) would otherwise focus what is about to go.
 */
export function focusResultWhen(ready: () => boolean, ...targets: Target[]): void {
  const started = document.activeElement;
  const deadline = Date.now() + WAIT_MS;
  const attempt = () => {
    const active = document.activeElement;
    if (active && active !== started && active !== document.body) return;
    if (!ready()) {
      if (Date.now() < deadline) requestAnimationFrame(attempt);
      return;
    }
    for (const target of targets) {
      const element = find(target);
      if (!element) continue;
      if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus({ preventScroll: false });
      // A control not yet enabled (the page has not redrawn) takes no focus: try again next frame.
      if (document.activeElement === element) return;
      break;
    }
    if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
