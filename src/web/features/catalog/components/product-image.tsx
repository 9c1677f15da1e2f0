/**
 * A product's picture: the server's image link (already carrying its version query),
 * or generated pin art when the product has no image. `alt` is the product name, or ''
 * where the picture is decoration beside the name (a card's link says the name once).
 * `eager`: in the first screen (loaded at once, high priority; likely the largest paint).
 * `firstScreen`: the page's largest image, marked `elementtiming="first-screen"` as the
 * server marks it (main.tsx waits for its paint; issue 10).
 */
import { cn } from '@/lib/utils';

export function ProductImage({
  src,
  alt,
  className,
  eager = false,
  firstScreen = false,
  size = 400,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
  firstScreen?: boolean;
  size?: number;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        elementtiming={firstScreen ? 'first-screen' : undefined}
        className={cn('aspect-square w-full object-cover', className)}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 200 200"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : 'true'}
      className={cn('aspect-square w-full bg-emerald-50', className)}
    >
      <circle cx="100" cy="100" r="62" fill="#a16207" />
      <circle cx="100" cy="100" r="56" fill="#166534" />
      <ellipse cx="100" cy="128" rx="38" ry="10" fill="#22c55e" />
      <rect x="97" y="58" width="5" height="70" fill="#fff" />
      <path d="M102 58 L136 70 L102 82 Z" fill="#facc15" />
      <circle cx="80" cy="126" r="5" fill="#fff" />
    </svg>
  );
}
