import type { DocumentDetail, DocumentPageImage } from '../../../api/types';

/** A page the viewer can show: the server's page images, or page one's preview for an older answer. */
export type ViewerPage = Pick<
  DocumentPageImage,
  'number' | 'url' | 'thumbnailUrl' | 'width' | 'height' | 'thumbnailWidth' | 'thumbnailHeight' | 'blurred'
>;

/**
 * The pages the viewer shows: every page the server rendered, else (pages not rendered yet) page one's
 * preview alone; [] when the document has neither.
 */
export function viewerPages(document: DocumentDetail): ViewerPage[] {
  if (document.pages && document.pages.length > 0) return document.pages;
  const preview = document.preview;
  if (!preview) return [];
  return [
    {
      number: 1,
      url: preview.url,
      thumbnailUrl: preview.url,
      width: preview.width,
      height: preview.height,
      thumbnailWidth: preview.width,
      thumbnailHeight: preview.height,
      blurred: preview.blurred,
    },
  ];
}

/** The address's hash of page `page` open full screen. */
export const pageHash = (page: number) => `#page-${page}`;

/** The page the hash opens full screen (1…count), or null. */
export function pageOfHash(hash: string, count: number): number | null {
  const match = /^#page-(\d{1,4})$/.exec(hash);
  const page = match ? Number(match[1]) : NaN;
  return Number.isInteger(page) && page >= 1 && page <= count ? page : null;
}
