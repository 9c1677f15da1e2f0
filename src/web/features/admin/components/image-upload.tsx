/**
 * An admin image field: picks a file, uploads it at once to POST /api/product-images
 * (admin only; checked by content on the server: PNG, JPG, GIF, WebP or sanitised SVG,
 * up to 10 MB) and previews the stored file. Used by products, blog posts and home content.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { uploadProductImage } from '../back-office-api';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Picks an image, uploads it at once and previews the stored file. */
export function ImageUpload({
  label,
  previewAlt,
  value,
  onChange,
  wide,
}: {
  label: string;
  previewAlt: string;
  value: string | null;
  onChange(url: string | null): void;
  /** A wide (1200x630) preview instead of a square one. */
  wide?: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setError('Please upload an image smaller than 10MB.');
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadProductImage(file)).url);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value}
            alt={previewAlt}
            className={
              wide
                ? 'aspect-[1200/630] w-40 rounded-md border object-cover'
                : 'size-20 rounded-md border object-contain'
            }
          />
        ) : (
          <div className="text-muted-foreground grid size-20 place-items-center rounded-md border text-xs">
            No image
          </div>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
          className="text-sm"
        />
        {value ? (
          <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs" aria-live="polite">
        {busy ? 'Uploading...' : 'PNG, JPG, GIF, WebP or SVG, up to 10MB.'}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
