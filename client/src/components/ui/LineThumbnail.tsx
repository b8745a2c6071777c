import { SafeImage } from './SafeImage';

/**
 * An order line's product picture in the shop's cream frame: large on the cart, small in the
 * checkout's summary. `className` sizes and rounds the frame; `sizes` tells the browser how wide it is.
 */
export function LineThumbnail({
  product,
  sizes,
  className,
  loading,
}: {
  product: { image: string | null; imageSrcSet: string | null };
  sizes: string;
  className: string;
  loading?: 'lazy';
}) {
  return (
    <div className={`overflow-hidden bg-[#f3efe4] ${className}`}>
      <SafeImage
        src={product.image ?? undefined}
        srcSet={product.imageSrcSet}
        sizes={sizes}
        alt=""
        className="size-full object-cover"
        loading={loading}
      />
    </div>
  );
}
