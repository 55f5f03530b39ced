import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from '../../../i18n';
import { useImageSource } from '../../../components/PreviewImage';
import type { ViewerPage } from './viewer-pages';

/** The zoom steps, times the size that fits the screen. */
export const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];
/** A horizontal swipe this long (CSS pixels) turns the page. */
const SWIPE_MIN_PX = 60;

/** The zoom step nearest to `value`. */
export function nearestZoom(value: number): ZoomLevel {
  return ZOOM_LEVELS.reduce((best, level) =>
    Math.abs(level - value) < Math.abs(best - value) ? level : best,
  );
}

interface PageDialogProps {
  readonly title: string;
  readonly pages: readonly ViewerPage[];
  /** The page shown (1-based); null: the dialog is closed. */
  readonly page: number | null;
  readonly pageCount: number;
  readonly signedIn: boolean;
  readonly onPage: (page: number) => void;
  readonly onClose: () => void;
}

function DialogImage({ page, alt, signedIn }: { page: ViewerPage; alt: string; signedIn: boolean }) {
  const { src } = useImageSource(page.url, signedIn);
  if (src === null) return <div className="page-dialog__image page-dialog__image--empty" />;
  return (
    <img
      className="page-dialog__image"
      src={src}
      alt={alt}
      width={page.width}
      height={page.height}
      draggable={false}
      data-testid="viewer-dialog-image"
      data-page={page.number}
      data-blurred={page.blurred}
    />
  );
}

/**
 * A page of the document full screen (a modal <dialog>): the large image, the previous and next page,
 * zoom in steps. Keyboard: arrows (Page Up/Down when zoomed) turn the pages, Home and End, + − and 0
 * zoom, Esc closes. Touch: a swipe turns the page, two fingers zoom, a zoomed page pans. The browser's
 * Back closes it too (DocumentViewer keeps it in the address's hash).
 */
export function PageDialog({ title, pages, page, pageCount, signedIn, onPage, onClose }: PageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The zoom belongs to the page it was chosen on: a new page starts fitted to the screen.
  const [zoomed, setZoomed] = useState<{ page: number | null; zoom: ZoomLevel }>({ page: null, zoom: 1 });
  const zoom = zoomed.page === page ? zoomed.zoom : 1;
  const setZoom = (next: ZoomLevel) => setZoomed({ page, zoom: next });
  const open = page !== null;
  const shown = page === null ? undefined : pages[page - 1];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // Zoomed, the image is `zoom` times the size that fits the stage. Set through the CSS object model (not a
  // style attribute, which the CSP refuses); fitted, the stylesheet alone sizes it.
  const stageRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const stage = stageRef.current;
    const image = stage?.querySelector<HTMLElement>('.page-dialog__image');
    if (!stage || !image || !shown) return undefined;
    const size = () => {
      if (zoom === 1) {
        image.style.removeProperty('width');
        return;
      }
      const padding = 24;
      const fit = Math.min(
        (stage.clientWidth - padding) / shown.width,
        (stage.clientHeight - padding) / shown.height,
      );
      image.style.width = `${Math.round(shown.width * fit * zoom)}px`;
    };
    size();
    window.addEventListener('resize', size);
    return () => window.removeEventListener('resize', size);
  }, [zoom, shown]);

  const turn = (by: number) => {
    if (page === null) return;
    const next = Math.min(pages.length, Math.max(1, page + by));
    if (next !== page) onPage(next);
  };
  const zoomBy = (steps: number) => {
    const index = ZOOM_LEVELS.indexOf(zoom) + steps;
    setZoom(ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index))]!);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const zoomed = zoom > 1;
    const keys: Record<string, () => void> = {
      PageDown: () => turn(1),
      PageUp: () => turn(-1),
      Home: () => page !== null && onPage(1),
      End: () => page !== null && onPage(pages.length),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom(1),
      // A zoomed page is panned with the arrows (the stage scrolls); a fitted one turns.
      ...(!zoomed && { ArrowRight: () => turn(1), ArrowLeft: () => turn(-1) }),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  // Touch and pen: a swipe turns the page; two pointers zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ x: number; y: number; distance: number | null; zoom: ZoomLevel } | null>(null);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = { x: event.clientX, y: event.clientY, distance: distance(), zoom };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = gesture.current;
    const now = distance();
    if (start?.distance && now) setZoom(nearestZoom((start.zoom * now) / start.distance));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    const start = gesture.current;
    const twoFingers = pointers.current.size > 1 || start?.distance != null;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!start || twoFingers || zoom > 1) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) turn(dx < 0 ? 1 : -1);
  };
  const onPointerCancel = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
  };

  const pageLabel = page === null ? '' : t('DOCUMENT_PAGE.PAGE_OF', { page, count: pageCount });
  return (
    <dialog
      ref={dialogRef}
      className="page-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: closed by the viewer, so the address's hash goes too.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      data-testid="viewer-dialog"
    >
      {shown && (
        <>
          <div className="page-dialog__bar">
            <h2 id={titleId} className="page-dialog__title">
              {title}
              <span className="page-dialog__count" data-testid="viewer-dialog-count">
                {pageLabel}
              </span>
            </h2>
            <div className="page-dialog__tools">
              <button
                type="button"
                className="button button--ghost button--small page-dialog__tool"
                onClick={() => zoomBy(-1)}
                aria-disabled={zoom === ZOOM_LEVELS[0] || undefined}
                data-testid="viewer-zoom-out"
              >
                <span aria-hidden="true">−</span> {t('DOCUMENT_PAGE.VIEWER_ZOOM_OUT')}
              </button>
              <output className="page-dialog__zoom" aria-live="polite" data-testid="viewer-zoom">
                {t('DOCUMENT_PAGE.VIEWER_ZOOM_LEVEL', { percent: Math.round(zoom * 100) })}
              </output>
              <button
                type="button"
                className="button button--ghost button--small page-dialog__tool"
                onClick={() => zoomBy(1)}
                aria-disabled={zoom === ZOOM_LEVELS[ZOOM_LEVELS.length - 1] || undefined}
                data-testid="viewer-zoom-in"
              >
                <span aria-hidden="true">+</span> {t('DOCUMENT_PAGE.VIEWER_ZOOM_IN')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small page-dialog__tool"
                onClick={() => setZoom(1)}
                aria-disabled={zoom === 1 || undefined}
              >
                {t('DOCUMENT_PAGE.VIEWER_ZOOM_FIT')}
              </button>
              <button
                type="button"
                className="button button--secondary button--small page-dialog__close"
                onClick={onClose}
                // Focus starts here: the one control every visitor of the dialog may want first.
                autoFocus
                data-testid="viewer-close"
              >
                {t('DOCUMENT_PAGE.VIEWER_CLOSE')}
              </button>
            </div>
          </div>
          <div
            ref={stageRef}
            className={`page-dialog__stage${zoom > 1 ? ' page-dialog__stage--zoomed' : ''}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onDoubleClick={() => setZoom(zoom > 1 ? 1 : 2)}
            data-testid="viewer-stage"
            data-zoom={zoom}
          >
            <DialogImage
              key={shown.number}
              page={shown}
              alt={t('DOCUMENT_PAGE.PAGE_ALT', { title, page: shown.number })}
              signedIn={signedIn}
            />
          </div>
          <div className="page-dialog__nav">
            <button
              type="button"
              className="button button--secondary page-dialog__turn"
              onClick={() => turn(-1)}
              // aria-disabled, not disabled: a disabled button would drop the focus to the page.
              aria-disabled={page === 1 || undefined}
              data-testid="viewer-previous"
            >
              <span aria-hidden="true">‹</span> {t('DOCUMENT_PAGE.VIEWER_PREVIOUS')}
            </button>
            <p className="page-dialog__keys">{t('DOCUMENT_PAGE.VIEWER_KEYS')}</p>
            <button
              type="button"
              className="button button--secondary page-dialog__turn"
              onClick={() => turn(1)}
              aria-disabled={page === pages.length || undefined}
              data-testid="viewer-next"
            >
              {t('DOCUMENT_PAGE.VIEWER_NEXT')} <span aria-hidden="true">›</span>
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
