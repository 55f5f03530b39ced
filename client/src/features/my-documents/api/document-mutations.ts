import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { DocumentDetailsInput, MyDocument } from './types';

const path = (id: string, rest = '') => `/my/documents/${encodeURIComponent(id)}${rest}`;

/** The screen shows the server's answer at once; lists, search and document pages fetch again. */
function changed(queryClient: QueryClient, document: MyDocument | null, id: string): void {
  if (document) queryClient.setQueryData(['my-documents', 'detail', id], document);
  else queryClient.removeQueries({ queryKey: ['my-documents', 'detail', id] });
  void queryClient.invalidateQueries({ queryKey: ['my-documents', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['documents'] });
}

export function createDocument(details: DocumentDetailsInput): Promise<MyDocument> {
  return http<MyDocument>('/my/documents', { method: 'POST', body: details });
}

export function updateDocument(id: string, details: DocumentDetailsInput): Promise<MyDocument> {
  return http<MyDocument>(path(id), { method: 'PUT', body: details });
}

export function setPublished(id: string, published: boolean): Promise<MyDocument> {
  return http<MyDocument>(path(id, published ? '/publish' : '/unpublish'), { method: 'POST' });
}

export function deleteDocument(id: string): Promise<void> {
  return http<void>(path(id), { method: 'DELETE' });
}

export function removeFile(id: string, fileId: string): Promise<MyDocument> {
  return http<MyDocument>(path(id, `/files/${encodeURIComponent(fileId)}`), { method: 'DELETE' });
}

export function chooseMainFile(id: string, fileId: string): Promise<MyDocument> {
  return http<MyDocument>(path(id, '/main-file'), { method: 'PUT', body: { fileId } });
}

/** Creates a document (no id yet) or saves its details. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id?: string; details: DocumentDetailsInput }) =>
      id ? updateDocument(id, details) : createDocument(details),
    onSuccess: (document) => changed(queryClient, document, document.id),
  });
}

export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) => setPublished(id, published),
    onSuccess: (document) => changed(queryClient, document, document.id),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDocument(id),
    onSuccess: (_nothing, id) => changed(queryClient, null, id),
  });
}

export function useRemoveFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => removeFile(id, fileId),
    onSuccess: (document) => changed(queryClient, document, document.id),
  });
}

export function useChooseMainFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => chooseMainFile(id, fileId),
    onSuccess: (document) => changed(queryClient, document, document.id),
  });
}

/** After an upload the screen shows the document the server answered. */
export function useFileUploaded() {
  const queryClient = useQueryClient();
  return (document: MyDocument) => changed(queryClient, document, document.id);
}
