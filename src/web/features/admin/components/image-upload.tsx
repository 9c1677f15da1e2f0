/**
 * An admin image field: picks a file, uploads it at once to POST /api/product-images
 * (admin only; checked by content on the server: PNG, JPG, GIF, WebP or sanitised SVG,
 * up to 10 MB) and previews the stored file. Used by products, blog posts and home content.
 * While an upload runs the file field is aria-disabled, not `disabled` (a disabled field
 * drops a keyboard user's focus to the page's start; WCAG 2.4.3, docs/decisions.md "One
 * way to show an unavailable button"): it keeps the focus, does not open the file picker
 * and ignores a dropped file, and 'Uploading...' is announced in its hint.
 */
import { type SyntheticEvent, useId, useRef, useState } from 'react';
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
  // Read by the handlers, so a file arriving before `busy` re-renders is ignored too.
  const uploading = useRef(false);
  const [error, setError] = useState<string | null>(null);
  // While busy the field neither opens the picker (a click, or Enter / Space on it) nor
  // takes a dropped file.
  const holdWhileBusy = (event: SyntheticEvent) => {
    if (uploading.current) event.preventDefault();
  };
  const pick = async (file: File | undefined) => {
    if (uploading.current) return;
    setError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setError('Please upload an image smaller than 10MB.');
      return;
    }
    uploading.current = true;
    setBusy(true);
    try {
      onChange((await uploadProductImage(file)).url);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The image could not be uploaded.');
    } finally {
      uploading.current = false;
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
          aria-disabled={busy || undefined}
          onClick={holdWhileBusy}
          onDrop={holdWhileBusy}
          onChange={(e) => void pick(e.target.files?.[0])}
          className="text-sm aria-disabled:cursor-progress aria-disabled:opacity-50"
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
