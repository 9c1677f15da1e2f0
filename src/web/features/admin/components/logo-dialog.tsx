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

/** Downloads the order's logo under its spec name; toasts 'Download Error' on failure. */
export async function downloadLogo(
  order: Pick<CustomOrder, 'id' | 'customerName' | 'logoUrl' | 'logoFileName'>,
) {
  try {
    if (!order.logoUrl) throw new Error('No logo');
    const res = await fetch(order.logoUrl, { credentials: 'include' });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = logoDownloadName(order.id, order.customerName, order.logoFileName);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch {
    toast({
      title: 'Download Error',
      description: 'Failed to download logo. Please try again.',
      variant: 'destructive',
    });
  }
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
