import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n';
import { useImageSource } from '../../../components/PreviewImage';
import type { ContentsEntry, DocumentDetail } from '../../../api/types';
import { PageDialog } from './PageDialog';
import { pageHash, pageOfHash, viewerPages, type ViewerPage } from './viewer-pages';
import '../viewer.css';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while the page hydrates, true after: what only the browser knows (the address's
 * hash) waits for it, so the first render in the browser is the server's.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

function PageImage({
  page,
  alt,
  signedIn,
  thumbnail = false,
}: {
  page: ViewerPage;
  alt: string;
  signedIn: boolean;
  thumbnail?: boolean;
}) {
  const { src, failed, setFailed } = useImageSource(thumbnail ? page.thumbnailUrl : page.url, signedIn);
  const className = thumbnail ? 'viewer__thumbnail-image' : 'viewer__page-image';
  if (src === null || failed) return <span className={`${className} ${className}--empty`} />;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={thumbnail ? page.thumbnailWidth : page.width}
      height={thumbnail ? page.thumbnailHeight : page.height}
      loading={thumbnail || page.number > 1 ? 'lazy' : undefined}
      draggable={false}
      onError={() => setFailed(true)}
      data-blurred={page.blurred}
    />
  );
}

/** The document's headings in clear text; a heading on a page of the viewer shows that page. */
export function TableOfContents({
  contents,
  pages,
  onShow,
}: {
  contents: readonly ContentsEntry[];
  pages: number;
  onShow: (page: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (contents.length === 0) return null;
  return (
    <section className="contents" aria-labelledby={titleId} data-testid="document-contents">
      <h3 className="contents__title" id={titleId}>
        {t('DOCUMENT_PAGE.CONTENTS')}
      </h3>
      <p className="hint contents__note">{t('DOCUMENT_PAGE.CONTENTS_NOTE')}</p>
      <ol className="contents__list">
        {contents.map((entry, index) => (
          <li key={index} className={`contents__entry contents__entry--level-${entry.level}`}>
            {entry.page !== null && entry.page <= pages ? (
              <button
                type="button"
                className="contents__link"
                onClick={() => onShow(entry.page!)}
                data-testid="contents-entry"
              >
                {/* Named by what it shows (no aria-label that would differ from the visible words): the
                    heading, then the page in full words for a screen reader, "lk 3" for the eye. */}
                <span className="contents__text">{entry.text}</span>
                <span className="visually-hidden">
                  {t('DOCUMENT_PAGE.CONTENTS_GO_TO', { text: '', page: entry.page })}
                </span>
                <span className="contents__page" aria-hidden="true">
                  {t('DOCUMENT_PAGE.CONTENTS_PAGE', { page: entry.page })}
                </span>
              </button>
            ) : (
              <span className="contents__text" data-testid="contents-entry">
                {entry.text}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The preview a buyer judges by (issue 27): a large page that opens full screen (PageDialog), every page
 * of the main file as thumbnails (page one's top clear, the rest blurred on the server for a paid
 * document), and the table of contents in clear text. The page open full screen is kept in the address's
 * hash (#page-2), so the browser's Back closes it; the server's render shows it closed.
 */
export function DocumentViewer({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const pages = viewerPages(document);
  const pageCount = Math.max(document.pageCount ?? pages.length, pages.length);
  const signedIn = document.status === 'draft';
  const [selected, setSelected] = useState(1);
  const current = pages[Math.min(selected, pages.length) - 1];
  const openPage = hydrated ? pageOfHash(location.hash, pages.length) : null;
  const stageRef = useRef<HTMLButtonElement>(null);
  /** The viewer put the hash's history entry there: closing takes it away again (as Back would). */
  const openedHere = useRef(false);
  const returnFocus = useRef(false);

  // The page turned to full screen stays the one shown once it closes.
  if (openPage !== null && openPage !== selected) setSelected(openPage);
  // Closed by the viewer's own control, Esc or Back: focus goes back to the page it was opened from.
  useEffect(() => {
    if (openPage !== null || !returnFocus.current) return;
    returnFocus.current = false;
    stageRef.current?.focus();
  }, [openPage]);

  if (!current) return null;

  const to = (page: number | null) => ({
    pathname: location.pathname,
    search: location.search,
    hash: page === null ? '' : pageHash(page),
  });
  const open = (page: number) => {
    openedHere.current = true;
    returnFocus.current = true;
    void navigate(to(page), { preventScrollReset: true });
  };
  const close = () => {
    returnFocus.current = true;
    if (openedHere.current) {
      openedHere.current = false;
      void navigate(-1);
    } else void navigate(to(null), { replace: true, preventScrollReset: true });
  };
  const show = (page: number) => {
    setSelected(page);
    stageRef.current?.scrollIntoView({ block: 'nearest' });
    stageRef.current?.focus({ preventScroll: true });
  };

  const note = current.blurred ? 'DOCUMENT_PAGE.PREVIEW_BLURRED_NOTE' : 'DOCUMENT_PAGE.PREVIEW_CLEAR_NOTE';
  return (
    <section className="viewer" aria-labelledby={titleId} data-testid="document-viewer">
      <h2 className="viewer__title" id={titleId}>
        {t('DOCUMENT_PAGE.PREVIEW')}
      </h2>
      <div className="viewer__body">
        <div className="viewer__pages">
          <button
            ref={stageRef}
            type="button"
            className="viewer__stage"
            onClick={() => open(current.number)}
            data-testid="viewer-open"
            data-page={current.number}
          >
            <PageImage
              page={current}
              alt={t('DOCUMENT_PAGE.PAGE_ALT', { title: document.title, page: current.number })}
              signedIn={signedIn}
            />
            <span className="viewer__stage-action">
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
              </svg>
              {t('DOCUMENT_PAGE.OPEN_FULL_SCREEN_SHORT')}
            </span>
          </button>
          <p className="viewer__count" data-testid="viewer-count">
            {t('DOCUMENT_PAGE.PAGE_OF', { page: current.number, count: pageCount })}
          </p>
          {pages.length > 1 && (
            <nav className="viewer__strip" aria-label={t('DOCUMENT_PAGE.PAGES_NAV')}>
              <ol className="viewer__thumbnails">
                {pages.map((page) => (
                  <li key={page.number}>
                    <button
                      type="button"
                      className="viewer__thumbnail"
                      aria-current={page.number === current.number ? 'page' : undefined}
                      onClick={() => setSelected(page.number)}
                      data-testid="viewer-thumbnail"
                    >
                      <PageImage page={page} alt="" signedIn={signedIn} thumbnail />
                      <span className="viewer__thumbnail-number">
                        <span className="visually-hidden">{t('DOCUMENT_PAGE.SHOW_PAGE')} </span>
                        {page.number}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {pageCount > pages.length && (
            <p className="hint">{t('DOCUMENT_PAGE.MORE_PAGES', { from: pages.length + 1, to: pageCount })}</p>
          )}
          <p className="hint viewer__note">{t(note)}</p>
        </div>
        <TableOfContents contents={document.contents ?? []} pages={pages.length} onShow={show} />
      </div>
      <PageDialog
        title={document.title}
        pages={pages}
        page={openPage}
        pageCount={pageCount}
        signedIn={signedIn}
        onPage={(page) => void navigate(to(page), { replace: true, preventScrollReset: true })}
        onClose={close}
      />
    </section>
  );
}
