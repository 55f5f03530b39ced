import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { MyDocumentFilter, MyDocumentsPage } from './types';

export const MY_DOCUMENTS_PAGE_SIZE = 50;

export function getMyDocuments(
  filter: MyDocumentFilter,
  q: string,
  signal?: AbortSignal,
): Promise<MyDocumentsPage> {
  return http<MyDocumentsPage>('/my/documents', {
    query: { filter, q: q.trim(), limit: MY_DOCUMENTS_PAGE_SIZE },
    signal,
  });
}

export function myDocumentsQuery(filter: MyDocumentFilter, q: string) {
  return queryOptions({
    queryKey: ['my-documents', 'list', { filter, q: q.trim() }],
    queryFn: ({ signal }) => getMyDocuments(filter, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** My documents: the signed-in uploader's documents with the filter and text. */
export function useMyDocuments(filter: MyDocumentFilter, q: string) {
  return useQuery(myDocumentsQuery(filter, q));
}
