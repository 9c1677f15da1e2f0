/**
 * /quote-collaboration/{token} (back-office spec sections 2, 4, 8; issue 7): the client
 * reviews the mockup with the shop, live. An invalid or expired link shows 'Session
 * Error' with a way back to the homepage. The visitor may say who they are (several
 * people of one customer may share the link); the name is kept in this browser.
 */
import { QUOTE_DESK_MESSAGES } from '@shared/schemas/quote-desk';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useUser } from '@/features/auth/api';
import { useCollaborationSession, useQuoteByToken } from '@/features/collaboration/api';
import { CollaborationRoom } from '@/features/collaboration/components/collaboration-room';
import { PayDepositButton } from '@/features/collaboration/components/pay-deposit-button';
import { QuoteSummary } from '@/features/collaboration/components/quote-summary';
import { useCollaborationRoom } from '@/features/collaboration/use-room';
import { ApiRequestError } from '@/lib/api';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function Component() {
  const { token = '' } = useParams();
  useEffect(() => {
    document.title = `Design Review | ${store.name}`;
  }, []);
  const valid = TOKEN.test(token);
  const session = useCollaborationSession(valid ? token : '');
  if (!valid) return <SessionError message={QUOTE_DESK_MESSAGES.invalidLink} />;
  if (session.isLoading) return <Loading />;
  if (session.isError || !session.data) {
    const gone = session.error instanceof ApiRequestError && session.error.status === 404;
    return (
      <SessionError
        message={gone ? QUOTE_DESK_MESSAGES.sessionNotFound : QUOTE_DESK_MESSAGES.loadFailed}
      />
    );
  }
  return (
    <Review token={token} quoteId={session.data.quoteId} clientName={session.data.clientName} />
  );
}

/*
 * Every state's <main> fills the screen (PageMain `fillScreen`): the footer stays below the
 * first screen when the loading state is replaced by the review or 'Session Error'.
 */

function Loading() {
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-6xl px-4 py-8">
      <div role="status" aria-label="Loading the design review" className="space-y-4">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </PageMain>
  );
}

function SessionError({ message }: { message: string }) {
  return (
    <PageMain
      fillScreen
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-3xl font-bold">Session Error</h1>
      <p className="text-slate-700">{message}</p>
      <Button asChild>
        <Link to="/">Back to Homepage</Link>
      </Button>
    </PageMain>
  );
}

function nameKey(token: string) {
  return `collaboration-name:${token}`;
}

function Review({
  token,
  quoteId,
  clientName,
}: {
  token: string;
  quoteId: number;
  clientName: string;
}) {
  const [name, setName] = useState(() => {
    try {
      return window.localStorage.getItem(nameKey(token)) || clientName;
    } catch {
      return clientName;
    }
  });
  const quote = useQuoteByToken(quoteId, token);
  const { user } = useUser();
  const room = useCollaborationRoom({ quoteId, token, authorName: name });
  if (room.connection === 'ended')
    return <SessionError message={QUOTE_DESK_MESSAGES.sessionNotFound} />;
  const details = room.quote ?? quote.data ?? null;
  // The page's loading state lasts until the quote is there (from the room or the call):
  // the review drawn around a skeleton of the quote's card moved everything below it when
  // the card came (docs/decisions.md, issue 10 entry 26). A failed call still shows it.
  if (!details && quote.isPending) return <Loading />;
  return (
    <PageMain fillScreen className="mx-auto w-full max-w-6xl space-y-4 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Design Review</h1>
          <p className="text-slate-700">
            Pin comments on the mockup and approve it when it is right.
          </p>
        </div>
        <NameForm
          name={name}
          onChange={(next) => {
            setName(next);
            try {
              window.localStorage.setItem(nameKey(token), next);
            } catch {
              // Private mode: the name lasts for this page only.
            }
          }}
        />
      </div>
      {details ? <QuoteSummary quote={details} /> : <Skeleton className="h-40 w-full rounded-xl" />}
      <CollaborationRoom
        room={room}
        viewer="client"
        approvedAction={
          room.quote?.status === 'completed' ? (
            // The deposit is paid: the quote became a custom order (no second 'Pay deposit').
            <p className="text-sm">
              Your deposit is paid and your order is placed.{' '}
              {user ? (
                <>
                  <Link to="/track-order?type=custom" className="font-medium underline">
                    Track it under Track Order
                  </Link>
                  .
                </>
              ) : (
                // Signed out, Track Order asks to sign in: the deposit e-mail's link opens it.
                'Follow it with the link in your deposit e-mail.'
              )}
            </p>
          ) : (
            <PayDepositButton token={token} />
          )
        }
      />
    </PageMain>
  );
}

function NameForm({ name, onChange }: { name: string; onChange(name: string): void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  if (!editing) {
    return (
      <p className="text-sm">
        Commenting as <span className="font-semibold">{name}</span>{' '}
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          Change name
        </Button>
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (!next) return;
    onChange(next.slice(0, 80));
    setEditing(false);
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor={id}>Your name</Label>
        <Input id={id} value={draft} maxLength={80} onChange={(e) => setDraft(e.target.value)} />
      </div>
      <Button type="submit" size="sm" disabled={!draft.trim()}>
        Save
      </Button>
    </form>
  );
}
