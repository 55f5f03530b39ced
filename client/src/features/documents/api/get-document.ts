import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';
import { takePageAnswer } from '../../../api/page-answers';
import type { DocumentDetail } from '../../../api/types';

const documentPath = (slug: string) => `/documents/${encodeURIComponent(slug)}`;

export function getDocument(slug: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return http<DocumentDetail>(documentPath(slug), { signal });
}

export function documentQuery(slug: string) {
  return queryOptions({
    queryKey: ['documents', 'detail', slug],
    queryFn: ({ signal }) => getDocument(slug, signal),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 2,
    initialData: () => takePageAnswer<DocumentDetail>(documentPath(slug)),
  });
}

export function useDocument(slug: string) {
  return useQuery(documentQuery(slug));
}
