import {
  API_BASE,
  ApiError,
  CLIENT_ERROR_CODES,
  currentBearer,
  parseErrorBody,
  reportUnauthorized,
} from '../../../api/http';
import { currentLanguage } from '../../../i18n';
import type { MyDocument } from './types';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  documentId: string;
  file: File;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/my/documents/:id/files with the file as the body (application/octet-stream, its name in the
 * query). XMLHttpRequest, not fetch, because only it reports upload progress. Resolves with the
 * document the server answered; rejects with an ApiError like http() does.
 */
export async function uploadFile({
  documentId,
  file,
  onProgress,
  signal,
}: UploadRequest): Promise<MyDocument> {
  const bearer = await currentBearer();
  return new Promise<MyDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${API_BASE}/my/documents/${encodeURIComponent(documentId)}/files?name=${encodeURIComponent(file.name)}`;
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (bearer) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve(JSON.parse(xhr.responseText) as MyDocument);
        return;
      }
      if (xhr.status === 401) reportUnauthorized();
      reject(parseErrorBody(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, CLIENT_ERROR_CODES.network, []));
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
