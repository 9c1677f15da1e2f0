/**
 * The logo dialog (back-office spec section 2 "Logo dialog"): customer name and file
 * name, the image (preview max height 400px) with the fallback 'Image could not be
 * loaded', and a download button; the file is named
 * Order-{id}_{customer name with spaces as underscores}_Logo.{ext} (default png). A
 * failed download shows 'Download Error' / 'Failed to download logo. Please try again.'.
 */
import { logoDownloadName } from '@shared/custom-pins';
import type { CustomOrder } from '@shared/schemas/custom-orders';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';

/**
 * Downloads the logo at `url` as `fileName`; a failure (no file, an error answer, the
 * network) toasts 'Download Error' / 'Failed to download logo. Please try again.'
 * (back-office spec section 8). Used for custom orders' and quote requests' logos.
 */
export async function downloadLogoFile(url: string | null, fileName: string) {
  try {
    if (!url) throw new Error('No logo');
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) throw new Error(String(res.status));
    const objectUrl = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = objectUrl;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  } catch {
    toast({
      title: 'Download Error',
      description: 'Failed to download logo. Please try again.',
      variant: 'destructive',
    });
  }
}

/** Downloads the order's logo under its spec name (`downloadLogoFile`). */
export function downloadLogo(
  order: Pick<CustomOrder, 'id' | 'customerName' | 'logoUrl' | 'logoFileName'>,
) {
  return downloadLogoFile(
    order.logoUrl,
    logoDownloadName(order.id, order.customerName, order.logoFileName),
  );
}

/** True when the stored logo is a PDF (shown as a file, not an image). */
export const isPdfLogo = (fileName: string | null) => /\.pdf$/i.test(fileName ?? '');

export function LogoPreview({ order, maxHeight }: { order: CustomOrder; maxHeight: number }) {
  const [broken, setBroken] = useState(false);
  if (!order.logoUrl) {
    return (
      <p className="text-muted-foreground rounded-md border border-dashed p-6 text-center text-sm">
        No Logo Uploaded
      </p>
    );
  }
  if (isPdfLogo(order.logoFileName)) {
    return (
      <p className="rounded-md border p-4 text-sm">
        PDF logo: {order.logoFileName}. Download it to view.
      </p>
    );
  }
  if (broken) return <p className="rounded-md border p-4 text-sm">Image could not be loaded</p>;
  return (
    <img
      src={order.logoUrl}
      alt={`Logo of order #${order.id} (${order.logoFileName ?? 'logo'})`}
      style={{ maxHeight }}
      className="mx-auto w-auto max-w-full rounded border bg-white object-contain p-2"
      onError={() => setBroken(true)}
    />
  );
}

export function LogoDialog({
  order,
  open,
  onOpenChange,
}: {
  order: CustomOrder;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Logo: {order.customerName}</DialogTitle>
          <DialogDescription className="break-all">
            {order.logoFileName ?? 'No file name'}
          </DialogDescription>
        </DialogHeader>
        <LogoPreview order={order} maxHeight={400} />
        <DialogFooter>
          <Button type="button" disabled={!order.logoUrl} onClick={() => void downloadLogo(order)}>
            <Download aria-hidden="true" />
            Download Logo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
