import { useEffect, useRef } from 'react';

/**
 * Shows a blob (a fetched protected file, or a picked one) in the <img> the returned ref is put
 * on, through an object URL revoked when the image goes away or the blob changes.
 */
export function useObjectUrlImage(blob: Blob | undefined) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element || !blob) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return image;
}
