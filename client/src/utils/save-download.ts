import type { Download } from '../api/http';

/** Hands a downloaded file to the browser as a file to save. */
export function saveDownload(download: Download, fallbackName: string): void {
  const url = URL.createObjectURL(download.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = download.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
