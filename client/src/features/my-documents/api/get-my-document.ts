import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../api/http';
import type { MyDocument } from './types';

/** While a file is processing the screen asks again this often, so "processing" turns to done or error. */
export const PROCESSING_POLL_MS = 1500;

export function getMyDocument(id: string, signal?: AbortSignal): Promise<MyDocument> {
  return http<MyDocument>(`/my/documents/${encodeURIComponent(id)}`, { signal });
}

export function myDocumentQuery(id: string) {
  return queryOptions({
    queryKey: ['my-documents', 'detail', id],
    queryFn: ({ signal }) => getMyDocument(id, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && [403, 404].includes(error.status)) && failureCount < 2,
    refetchInterval: (query) =>
      query.state.data?.files.some((file) => file.state === 'processing') ? PROCESSING_POLL_MS : false,
  });
}

/** One of the uploader's documents for the upload/edit screen (drafts included). */
export function useMyDocument(id: string | undefined) {
  return useQuery({ ...myDocumentQuery(id ?? ''), enabled: id !== undefined });
}
