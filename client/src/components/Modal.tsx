import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long after a dialog closes its opener's focus is looked after (the confirmed request's time). */
const FOCUS_WATCH_MS = 15_000;

/**
 * After a dialog closes, focus belongs on the control that opened it. The confirmed action may then
 * disable that control for a moment (a request in flight) or remove it (a deleted row, a form that is
 * done), and focus falls to <body>: put it back on the opener once it can take it again, or, when the
 * opener is gone, on the page's heading. A screen's own choice comes first (a button that turns into a
 * link passes focus on), so this looks a moment after the page changed, and stops when focus moves
 * anywhere else or after FOCUS_WATCH_MS.
 */
function keepFocusNear(opener: HTMLElement | null): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restore = () => {
    // The page may be gone by then (a test's environment torn down): nothing to restore.
    if (typeof document === 'undefined') return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (opener?.isConnected) {
      if (!opener.matches(':disabled')) opener.focus();
      return;
    }
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(restore, 50);
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(deadline);
    document.removeEventListener('focusin', onFocusIn);
  };
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== opener) stop();
  };
  const deadline = setTimeout(stop, FOCUS_WATCH_MS);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  document.addEventListener('focusin', onFocusIn);
}

interface ModalProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  testId?: string;
}

/**
 * An accessible dialog: labelled by its title, focus moves in and stays trapped, Escape and the
 * backdrop close it, and focus returns to where it was.
 */
export function Modal({ title, children, actions, onClose, testId = 'modal' }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const preferred =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (preferred ?? dialog)?.focus();
    return () => {
      previouslyFocused?.focus();
      keepFocusNear(previouslyFocused);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div id={bodyId} className="modal__body">
          {children}
        </div>
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}
