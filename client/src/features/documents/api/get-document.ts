import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';
import type { DocumentDetail } from '../../../api/types';

export function getDocument(slug: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return http<DocumentDetail>(`/documents/${encodeURIComponent(slug)}`, { signal });
}

export function documentQuery(slug: string) {
  return queryOptions({
    queryKey: ['documents', 'detail', slug],
    queryFn: ({ signal }) => getDocument(slug, signal),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 2,
  });
}

export function useDocument(slug: string) {
  return useQuery(documentQuery(slug));
}
