import { useState, type ImgHTMLAttributes } from 'react';
import placeholderUrl from './placeholder.svg';

export { placeholderUrl };

/** An <img> that swaps in the shop's placeholder when the source is missing or fails to load. */
export function SafeImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : placeholderUrl;
  return (
    <img
      {...rest}
      src={usable}
      alt={alt}
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
    />
  );
}
