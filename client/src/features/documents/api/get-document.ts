import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';
import { usePageAnswer, usePageContext } from '../../../api/page-context';
import type { DocumentDetail } from '../../../api/types';

const documentPath = (slug: string) => `/documents/${encodeURIComponent(slug)}`;

export function getDocument(slug: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return http<DocumentDetail>(documentPath(slug), { signal });
}

export function documentQuery(slug: string) {
  return queryOptions({
    queryKey: ['documents', 'detail', slug],
    queryFn: ({ signal }) => getDocument(slug, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 410)) && failureCount < 2,
  });
}

/**
 * The document; the page's first render takes it from the page (api/page-answers.ts). `missingOnPage`
 * is the status (404, 410) the server was refused with when it made the page: the page then shows "not
 * found" at once, as the server did, while the browser asks again (an uploader's own draft is theirs to
 * see once they are known).
 */
export function useDocument(slug: string) {
  const missingOnPage = usePageContext().answers.failure(documentPath(slug));
  const query = useQuery({ ...documentQuery(slug), ...usePageAnswer<DocumentDetail>(documentPath(slug)) });
  return { ...query, missingOnPage };
}
