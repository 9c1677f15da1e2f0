/** The product page's media: the product video when it has one (image as poster), else the image. */
import { ProductImage } from './product-image';

export function ProductMedia({
  name,
  imageUrl,
  videoUrl,
}: {
  name: string;
  imageUrl: string | null;
  videoUrl: string | null;
}) {
  if (videoUrl) {
    return (
      <video
        src={videoUrl}
        poster={imageUrl ?? undefined}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={`${name} video`}
        className="aspect-square w-full rounded-xl bg-black object-contain"
      />
    );
  }
  return (
    <ProductImage
      src={imageUrl}
      alt={name}
      eager
      firstScreen
      size={600}
      className="rounded-xl border"
    />
  );
}
