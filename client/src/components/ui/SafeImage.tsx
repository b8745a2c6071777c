import { useState, type ImgHTMLAttributes } from 'react';
import placeholderUrl from './placeholder.svg';

export { placeholderUrl };

type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet' | 'sizes'> & {
  alt: string;
  /** The server's resized WebP variants (`imageSrcSet`); null or absent means only `src`. */
  srcSet?: string | null;
  /** How wide the image is shown, so the browser picks the smallest variant that is sharp enough. */
  sizes?: string;
};

/**
 * An <img> that swaps in the shop's placeholder when the source is missing or fails to load. A
 * variant that fails falls back to the original first, then the original to the placeholder.
 */
export function SafeImage({ src, srcSet, sizes, alt, ...rest }: SafeImageProps) {
  const [failed, setFailed] = useState<{ src?: string; srcSet?: string }>({});
  const srcUsable = Boolean(src) && src !== failed.src;
  const setUsable = srcUsable && Boolean(srcSet) && srcSet !== failed.srcSet;
  return (
    <img
      {...rest}
      // srcset and sizes before src, so the browser never starts on the original first.
      srcSet={setUsable ? (srcSet ?? undefined) : undefined}
      sizes={setUsable ? sizes : undefined}
      src={srcUsable ? src : placeholderUrl}
      alt={alt}
      onError={() => {
        if (setUsable) setFailed((f) => ({ ...f, srcSet: srcSet ?? undefined }));
        else if (srcUsable) setFailed((f) => ({ ...f, src }));
      }}
    />
  );
}
