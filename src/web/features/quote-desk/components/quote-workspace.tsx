/**
 * 'Proofs & Collaboration' of one quote in the admin panel (back-office spec sections 2,
 * 5, 7, 8; issue 7): 'Create collaboration link' (client name and e-mail with the spec's
 * texts; the link is copied to the clipboard and e-mailed), the links with Copy and
 * Deactivate, the mockup upload (checked by the server, with progress) and the live room
 * joined as the shop (authorType admin), showing who is online.
 */
import {
  type CollaborationSessionView,
  CreateCollaborationSessionBody,
  QUOTE_DESK_MESSAGES,
  type QuoteRequestView,
} from '@shared/schemas/quote-desk';
import { Copy, Link2, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { DialogFormFooter } from '@/features/admin/components/dialog-form-footer';
import { formatAdminDate } from '@/features/admin/format';
import { copyWithToast, toastError } from '@/features/admin/notify';
import { CollaborationRoom } from '@/features/collaboration/components/collaboration-room';
import { useCollaborationRoom } from '@/features/collaboration/use-room';
import { toast } from '@/lib/toast';
import {
  useCreateCollaborationLink,
  useDeactivateLink,
  useInvalidateQuotes,
  useQuoteDetail,
  useUploadMockup,
} from '../api';

/** Copies text to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function QuoteWorkspace({ quote }: { quote: QuoteRequestView }) {
  const detail = useQuoteDetail(quote.id);
  const [live, setLive] = useState(false);
  if (detail.isLoading) {
    return (
      <div role="status" aria-label="Loading proofs and links">
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <p role="alert" className="text-sm">
        We could not load the proofs and links.{' '}
        <Button type="button" size="sm" variant="outline" onClick={() => void detail.refetch()}>
          Try Again
        </Button>
      </p>
    );
  }
  const sessions = detail.data.sessions ?? [];
  const locked = quote.status === 'approved' || quote.status === 'completed';
  return (
    <div className="space-y-4 rounded-md border bg-slate-50 p-3">
      <section className="space-y-2" aria-labelledby={`links-${quote.id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={`links-${quote.id}`} className="font-semibold">
            Collaboration links
          </h4>
          <CreateLinkButton quote={quote} />
        </div>
        {sessions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No collaboration link yet.</p>
        ) : (
          <ul className="space-y-2">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-2" aria-labelledby={`mockups-${quote.id}`}>
        <h4 id={`mockups-${quote.id}`} className="font-semibold">
          Mockups
        </h4>
        {detail.data.revisions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No mockup uploaded yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2 text-sm">
            {detail.data.revisions.map((r) => (
              <li key={r.id}>
                <a className="underline" href={r.mockupUrl ?? '#'} target="_blank" rel="noreferrer">
                  Revision {r.revisionNumber}
                </a>
              </li>
            ))}
          </ul>
        )}
        {locked ? (
          <p className="text-muted-foreground text-sm">The proof is approved; no new mockups.</p>
        ) : (
          <MockupUpload quoteId={quote.id} />
        )}
      </section>

      <section className="space-y-2" aria-labelledby={`live-${quote.id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={`live-${quote.id}`} className="font-semibold">
            Live review
          </h4>
          <Button type="button" size="sm" variant="outline" onClick={() => setLive((l) => !l)}>
            {live ? 'Leave Live Review' : 'Join Live Review'}
          </Button>
        </div>
        {live ? <AdminRoom quoteId={quote.id} /> : null}
      </section>
    </div>
  );
}

function AdminRoom({ quoteId }: { quoteId: number }) {
  const room = useCollaborationRoom({ quoteId });
  // What the client does in the room (approving a proof, a change request) changes the
  // quote the cards show: they are read again when the room's quote changes.
  const refresh = useInvalidateQuotes();
  const seen = useRef<string | null>(null);
  const version = room.quote
    ? `${room.quote.status}:${room.quote.approvedRevision}:${room.quote.quotedAmount}:${room.revisions.length}`
    : null;
  useEffect(() => {
    if (version === null) return;
    if (seen.current !== null && seen.current !== version) void refresh();
    seen.current = version;
  }, [version, refresh]);
  if (room.connection === 'ended') {
    // The room ends for the admin when the quote is deleted or their own session ended
    // (signed out in another tab, or idle): the client's link itself may still work.
    return (
      <p role="alert">
        The live review has ended. If you have signed out, sign in again to rejoin it.
      </p>
    );
  }
  return <CollaborationRoom room={room} viewer="admin" />;
}

function SessionRow({ session }: { session: CollaborationSessionView }) {
  const deactivate = useDeactivateLink();
  const expired = Date.parse(session.expiresAt) < Date.now();
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border bg-white p-2 text-sm">
      <span className="font-medium">{session.clientName}</span>
      <span className="text-muted-foreground break-all">{session.clientEmail}</span>
      <Badge variant={session.isActive && !expired ? 'success' : 'outline'}>
        {!session.isActive ? 'Deactivated' : expired ? 'Expired' : 'Active'}
      </Badge>
      <span className="text-muted-foreground text-xs">
        Expires <time dateTime={session.expiresAt}>{formatAdminDate(session.expiresAt)}</time>
      </span>
      {session.isActive && !expired ? (
        <span className="ml-auto flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() =>
              void copyWithToast(session.collaborationUrl, {
                title: 'Link Copied',
                description: 'Collaboration link copied to clipboard!',
              })
            }
          >
            <Copy aria-hidden="true" />
            Copy Link<span className="sr-only"> for {session.clientName}</span>
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            pending={deactivate.isPending}
            onClick={() =>
              deactivate.mutateAsync(session.id).then(
                () =>
                  toast({
                    title: 'Link Deactivated',
                    description: 'The link no longer opens the review.',
                  }),
                (err: unknown) => toastError(err, 'Failed to deactivate the link.'),
              )
            }
          >
            Deactivate<span className="sr-only"> the link for {session.clientName}</span>
          </Button>
        </span>
      ) : null}
    </li>
  );
}

function CreateLinkButton({ quote }: { quote: QuoteRequestView }) {
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const emailId = useId();
  const [clientName, setClientName] = useState(quote.customerName);
  const [clientEmail, setClientEmail] = useState(quote.customerEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCollaborationLink();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateCollaborationSessionBody.safeParse({
      quoteId: quote.id,
      clientName,
      clientEmail,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const session = await create.mutateAsync(parsed.data);
      setOpen(false);
      const copied = await copyText(session.collaborationUrl);
      toast({
        title: 'Collaboration Link Created',
        description: copied
          ? 'Link copied to clipboard and e-mailed to the client.'
          : `E-mailed to the client: ${session.collaborationUrl}`,
      });
    } catch (error) {
      toastError(error, 'Please try again.', QUOTE_DESK_MESSAGES.sessionFailed);
    }
  };

  return (
    <>
      <Button type="button" size="sm" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
        Create collaboration link
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} noValidate className="space-y-4">
            <DialogHeader>
              <DialogTitle>Create collaboration link</DialogTitle>
              <DialogDescription>
                The client gets a private link to review the mockup with you, by e-mail.
              </DialogDescription>
            </DialogHeader>
            <div className="space-y-1">
              <Label htmlFor={nameId}>Client name</Label>
              <Input
                id={nameId}
                value={clientName}
                aria-invalid={errors.clientName ? true : undefined}
                aria-describedby={errors.clientName ? `${nameId}-error` : undefined}
                onChange={(e) => setClientName(e.target.value)}
              />
              {errors.clientName ? (
                <p id={`${nameId}-error`} className="text-destructive text-sm">
                  {errors.clientName}
                </p>
              ) : null}
            </div>
            <div className="space-y-1">
              <Label htmlFor={emailId}>Client email</Label>
              <Input
                id={emailId}
                type="email"
                value={clientEmail}
                aria-invalid={errors.clientEmail ? true : undefined}
                aria-describedby={errors.clientEmail ? `${emailId}-error` : undefined}
                onChange={(e) => setClientEmail(e.target.value)}
              />
              {errors.clientEmail ? (
                <p id={`${emailId}-error`} className="text-destructive text-sm">
                  {errors.clientEmail}
                </p>
              ) : null}
            </div>
            <DialogFormFooter
              submitLabel="Create Link"
              pendingLabel="Creating..."
              pending={create.isPending}
              onCancel={() => setOpen(false)}
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function MockupUpload({ quoteId }: { quoteId: number }) {
  const fileId = useId();
  const notesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadMockup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    upload.mutateAsync({ id: quoteId, file, notes, onProgress: setProgress }).then(
      (revision) => {
        setProgress(null);
        setFile(null);
        setNotes('');
        if (input.current) input.current.value = '';
        toast({
          title: 'Mockup Uploaded',
          description: `Revision ${revision.revisionNumber} is live for the client.`,
        });
      },
      (err: unknown) => {
        setProgress(null);
        toastError(err, 'The mockup could not be uploaded.', 'Upload Failed');
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor={fileId}>Mockup image (PNG, JPG, GIF or SVG, up to 10 MB)</Label>
        <Input
          id={fileId}
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/svg+xml"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={notesId}>Mockup notes</Label>
        <Textarea id={notesId} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button
          type="submit"
          size="sm"
          pending={upload.isPending}
          // Unavailable (aria-disabled), not disabled, without a file: after an upload the
          // focus stays here.
          unavailable={!file}
        >
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Upload Mockup'}
        </Button>
        {progress !== null ? (
          <progress max={1} value={progress} aria-label="Upload progress" className="h-2 w-40" />
        ) : null}
      </div>
    </form>
  );
}
