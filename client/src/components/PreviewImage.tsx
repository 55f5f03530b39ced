import { useEffect, useState } from 'react';
import { currentBearer } from '../api/http';
import type { DocumentPreview } from '../api/types';
import './preview-image.css';

interface PreviewImageProps {
  preview: DocumentPreview;
  alt: string;
  /**
   * Fetch with the signed-in user's token: an uploader's unpublished document is served only to them,
   * and an <img> cannot send the token itself.
   */
  signedIn?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The address an <img> can show `url` from: the URL itself, or (signedIn) an object URL of the image
 * fetched with the signed-in user's token, null until it has arrived. `failed` once it could not be had.
 */
export function useImageSource(
  url: string,
  signedIn: boolean,
): { src: string | null; failed: boolean; setFailed: (failed: boolean) => void } {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    void (async () => {
      try {
        const bearer = await currentBearer();
        const response = await fetch(url, {
          headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        created = URL.createObjectURL(await response.blob());
        setObjectUrl(created);
        setFailed(false);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      }
    })();
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, signedIn]);

  return { src: signedIn ? objectUrl : url, failed, setFailed };
}

/** Page one of a document as the server rendered it for buyers (blurred below the clear band when paid). */
export function PreviewImage({ preview, alt, signedIn = false, className, testId }: PreviewImageProps) {
  const { src, failed, setFailed } = useImageSource(preview.url, signedIn);
  if (failed || src === null) {
    return <div className={`preview-image preview-image--empty ${className ?? ''}`} data-testid={testId} />;
  }
  return (
    <img
      className={`preview-image ${className ?? ''}`}
      src={src}
      alt={alt}
      width={preview.width}
      height={preview.height}
      loading="lazy"
      data-testid={testId}
      data-blurred={preview.blurred}
      onError={() => setFailed(true)}
    />
  );
}
