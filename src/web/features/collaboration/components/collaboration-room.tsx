/**
 * The collaboration room's screen, shared by /quote-collaboration/{token} (the client)
 * and the admin's Quote Requests panel (back-office spec section 2; issue 7 "Proofs"):
 * connection indicator ('Connected' / 'Reconnecting...'), users online and the active
 * users (who came and went is said politely to a screen reader, a few at a time: see
 * usePresenceAnnouncement), the current mockup large with the revision list and its numbered pins (a click
 * on the mockup drops a pin with a comment), 'Request changes' and 'Approve this proof'
 * (client only, with a confirmation), and the comments panel (400 px) with threaded
 * replies and 'Send Comment' (disabled when empty or not connected). Text is rendered
 * as text, never as HTML.
 */
import { formatDollars } from '@shared/money';
import {
  type ActiveUser,
  type AnnotationView,
  QUOTE_STATUS_LABELS,
  type RevisionView,
} from '@shared/schemas/quote-desk';
import { CheckCircle2, MessageSquareReply, Users, Wifi, WifiOff } from 'lucide-react';
import {
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { AnnotationDraft, RoomState } from '../use-room';

export type Room = RoomState & { send(draft: AnnotationDraft): Promise<boolean> };

/**
 * The panels' heading level: h2 under the client page's h1 'Design Review', h5 in the
 * admin's Quote Requests (under the card's h4 'Live review').
 */
type HeadingTag = 'h2' | 'h5';

/**
 * 'New proof: revision N' when the shop uploads a revision while the room is open (the
 * revisions a join brings are the page's own, not news). Comments are announced by their
 * log; a new proof was not announced at all (a screen-reader audit).
 */
function useRevisionAnnouncement(room: Room): string {
  const latest = room.revisions.at(-1)?.revisionNumber ?? 0;
  const joined = room.connection === 'connected' || room.you !== null;
  const seen = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!joined) return;
    if (seen.current === null) {
      seen.current = latest;
      return;
    }
    if (latest > seen.current) setAnnouncement(`New proof: revision ${latest}`);
    seen.current = Math.max(seen.current, latest);
  }, [joined, latest]);
  return announcement;
}

/** How long the room's people must stay the same before a change of them is said. */
export const PRESENCE_QUIET_MS = 1500;
/** The longest a change of people waits to be said while they keep coming and going. */
export const PRESENCE_MAX_WAIT_MS = 5000;

/** A person as the active users' badges name them ('Someone' for a blank name). */
function personName(user: ActiveUser): string {
  const name = user.name.trim() || 'Someone';
  return user.authorType === 'admin' ? `${name} (shop)` : name;
}

/** 'Sarah', 'Sarah and Tom', 'Sarah, Tom, and Ann'; beyond three, 'N people'. */
function peopleNamed(users: ActiveUser[]): string {
  if (users.length > 3) return `${users.length} people`;
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(
    users.map(personName),
  );
}

/**
 * What to say when the room's people went from `before` to `after` (the viewer, `youId`,
 * is never news): 'Sarah joined. 3 users online.', 'Tom left. 1 user online.', 'Sarah
 * joined; Tom left. 2 users online.'; '' when nobody came or went. Exported for tests.
 */
export function presenceNews(
  before: ActiveUser[],
  after: ActiveUser[],
  youId: string | null,
): string {
  const had = new Set(before.map((u) => u.id));
  const has = new Set(after.map((u) => u.id));
  const joined = after.filter((u) => !had.has(u.id) && u.id !== youId);
  const left = before.filter((u) => !has.has(u.id) && u.id !== youId);
  if (joined.length === 0 && left.length === 0) return '';
  const what = [
    joined.length > 0 ? `${peopleNamed(joined)} joined` : null,
    left.length > 0 ? `${peopleNamed(left)} left` : null,
  ].filter(Boolean);
  const count = after.length;
  return `${what.join('; ')}. ${count} ${count === 1 ? 'user' : 'users'} online.`;
}

/** The people's ids in one string, in any order: the same people give the same string. */
function idsOf(users: ActiveUser[]): string {
  return users
    .map((u) => u.id)
    .sort()
    .join('\n');
}

/**
 * Who came and went, for a polite live region (a screen-reader audit: the 'N users online'
 * count changed silently). The people the room opens with (each join, also after a
 * reconnection) are not news; a change is said once the people have stayed the same for
 * PRESENCE_QUIET_MS (at most PRESENCE_MAX_WAIT_MS after it), all of it in one sentence,
 * against what was said last, so someone who came and went meanwhile is not mentioned.
 * Presence arrives as the room's whole list (session_joined, user_joined, user_left;
 * use-room.ts), compared here by user id. Returns the sentence ('' until there is one).
 */
function usePresenceAnnouncement(room: Room): string {
  const connected = room.connection === 'connected';
  const ids = idsOf(room.activeUsers);
  // The latest people and viewer, read when the sentence is made.
  const latest = useRef({ users: room.activeUsers, youId: room.you?.id ?? null });
  latest.current = { users: room.activeUsers, youId: room.you?.id ?? null };
  // The people as last said (or as the room opened with); null while not connected.
  const said = useRef<ActiveUser[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // When the oldest change not yet said came (for PRESENCE_MAX_WAIT_MS).
  const since = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const stop = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      since.current = null;
    };
    if (!connected) {
      stop();
      said.current = null;
      setAnnouncement('');
      return;
    }
    if (said.current === null) {
      said.current = latest.current.users;
      return;
    }
    if (idsOf(said.current) === ids) {
      // Back to what was said last (someone came and went): nothing to say.
      stop();
      return;
    }
    clearTimeout(timer.current);
    const now = Date.now();
    since.current ??= now;
    const wait = Math.min(PRESENCE_QUIET_MS, since.current + PRESENCE_MAX_WAIT_MS - now);
    timer.current = setTimeout(
      () => {
        const { users, youId } = latest.current;
        const news = presenceNews(said.current ?? users, users, youId);
        said.current = users;
        timer.current = undefined;
        since.current = null;
        if (news) setAnnouncement(news);
      },
      Math.max(0, wait),
    );
  }, [connected, ids]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return announcement;
}

const TYPE_LABELS: Record<AnnotationView['annotationType'], string | null> = {
  comment: null,
  revision_request: 'Change request',
  approval: 'Approval',
};

function timeLabel(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Pin numbers per revision: the oldest pin of a revision is 1. */
function pinNumbers(annotations: AnnotationView[]): Map<number, number> {
  const numbers = new Map<number, number>();
  const counters = new Map<number, number>();
  for (const a of [...annotations].sort((x, y) => x.id - y.id)) {
    if (a.positionX === null || a.positionY === null || a.revisionNumber === null) continue;
    const n = (counters.get(a.revisionNumber) ?? 0) + 1;
    counters.set(a.revisionNumber, n);
    numbers.set(a.id, n);
  }
  return numbers;
}

export function CollaborationRoom({
  room,
  viewer,
  approvedAction,
}: {
  room: Room;
  viewer: 'client' | 'admin';
  /** Shown in the 'Proof approved' banner (the client's 'Pay deposit'). */
  approvedAction?: ReactNode;
}) {
  const connected = room.connection === 'connected';
  const latest = room.revisions.at(-1) ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const shown: RevisionView | null =
    room.revisions.find((r) => r.revisionNumber === chosen) ?? latest;
  const pins = useMemo(() => pinNumbers(room.annotations), [room.annotations]);
  const [highlight, setHighlight] = useState<number | null>(null);
  const revisionNews = useRevisionAnnouncement(room);
  const heading: HeadingTag = viewer === 'client' ? 'h2' : 'h5';

  return (
    <div className="min-w-0 space-y-4">
      <p role="status" className="sr-only" data-testid="revision-announcement">
        {revisionNews}
      </p>
      <PresenceBar room={room} />
      {/* One column that may shrink below its content (a pasted link made the room 730 px
          wide at 360 px); two from lg. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <ProofPanel
          heading={heading}
          room={room}
          viewer={viewer}
          shown={shown}
          latest={latest}
          onChoose={setChosen}
          pins={pins}
          highlight={highlight}
          onHighlight={setHighlight}
          connected={connected}
          approvedAction={approvedAction}
        />
        <CommentsPanel
          heading={heading}
          room={room}
          pins={pins}
          connected={connected}
          onHighlight={setHighlight}
        />
      </div>
    </div>
  );
}

function PresenceBar({ room }: { room: Room }) {
  const count = room.activeUsers.length;
  const connected = room.connection === 'connected';
  const presence = usePresenceAnnouncement(room);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-white p-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        {connected ? (
          <Wifi aria-hidden="true" className="size-4 text-green-700" />
        ) : (
          <WifiOff aria-hidden="true" className="size-4 text-amber-700" />
        )}
        <span data-testid="connection-state">
          {connected
            ? 'Connected'
            : room.connection === 'lost'
              ? 'Connection lost. Reload the page to try again.'
              : room.connection === 'connecting'
                ? 'Connecting...'
                : 'Reconnecting...'}
        </span>
      </p>
      {/* Not live itself (each change would be read): who came and went is said by the
          region after it, a few at a time. Read, it says where they are. */}
      <p className="flex items-center gap-2 text-sm">
        <Users aria-hidden="true" className="size-4" />
        <span data-testid="users-online">
          {count} {count === 1 ? 'user' : 'users'} online
        </span>
        <span className="sr-only">{` in this design review${room.you ? ', you included' : ''}`}</span>
      </p>
      <p role="status" className="sr-only" data-testid="presence-announcement">
        {presence}
      </p>
      <ul aria-label="Active users" className="flex min-w-0 flex-wrap gap-1">
        {room.activeUsers.map((u) => (
          <li key={u.id}>
            <Badge
              variant={u.authorType === 'admin' ? 'secondary' : 'outline'}
              className="max-w-full whitespace-normal wrap-anywhere"
            >
              {u.name}
              {u.authorType === 'admin' ? ' (shop)' : ''}
              {room.you?.id === u.id ? ' (you)' : ''}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProofPanel({
  heading: Heading,
  room,
  viewer,
  shown,
  latest,
  onChoose,
  pins,
  highlight,
  onHighlight,
  connected,
  approvedAction,
}: {
  heading: HeadingTag;
  room: Room;
  viewer: 'client' | 'admin';
  approvedAction?: ReactNode;
  shown: RevisionView | null;
  latest: RevisionView | null;
  onChoose(n: number): void;
  pins: Map<number, number>;
  highlight: number | null;
  onHighlight(id: number | null): void;
  connected: boolean;
}) {
  // A pin belongs to the revision it was placed on, even if a newer one arrives meanwhile.
  const [draftPin, setDraftPin] = useState<{ x: number; y: number; revision: number } | null>(null);
  // What the client is approving, as the dialog showed it when it opened: a newer proof or
  // a changed amount arriving meanwhile is not approved unseen (the server checks too).
  const [approving, setApproving] = useState<{ revision: number; amount: number } | null>(null);
  const [changesOpen, setChangesOpen] = useState(false);
  const proofButton = useRef<HTMLButtonElement>(null);
  const changesButton = useRef<HTMLButtonElement>(null);
  const quote = room.quote;
  const approved = quote?.status === 'approved' || quote?.status === 'completed';
  const onLatest = shown !== null && latest !== null && shown.id === latest.id;
  const pinned = room.annotations.filter(
    (a) =>
      a.positionX !== null && a.positionY !== null && a.revisionNumber === shown?.revisionNumber,
  );

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    if (!connected) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Keyboard activation has no pointer position: the pin goes to the centre.
    const x = event.detail === 0 ? 0.5 : (event.clientX - rect.left) / rect.width;
    const y = event.detail === 0 ? 0.5 : (event.clientY - rect.top) / rect.height;
    if (!shown) return;
    setDraftPin({
      x: Math.min(1, Math.max(0, x)),
      y: Math.min(1, Math.max(0, y)),
      revision: shown.revisionNumber,
    });
  };
  const stale =
    approving !== null &&
    (latest?.revisionNumber !== approving.revision || quote?.quotedAmount !== approving.amount);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-lg leading-none font-semibold">Proof</Heading>
          {shown ? <Badge variant="outline">Revision {shown.revisionNumber}</Badge> : null}
          {quote ? (
            <Badge variant={approved ? 'success' : 'outline'}>
              {QUOTE_STATUS_LABELS[quote.status]}
            </Badge>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {approved && quote ? (
          <div
            role="status"
            className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
          >
            <p className="flex items-center gap-2 font-semibold">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Proof approved
              {quote.approvedRevision ? ` (revision ${quote.approvedRevision})` : ''}
            </p>
            {quote.quotedAmount !== null ? (
              <p>Quoted total: {formatDollars(quote.quotedAmount)}</p>
            ) : null}
            {approvedAction ? <div className="mt-2">{approvedAction}</div> : null}
          </div>
        ) : null}
        {shown?.mockupUrl ? (
          // The wrapper is exactly the image's box, so pin fractions are fractions of the image.
          <div className="relative mx-auto w-fit max-w-full">
            <button
              ref={proofButton}
              type="button"
              onClick={place}
              disabled={!connected || !onLatest || approved}
              aria-label={`Mockup revision ${shown.revisionNumber}. Click to pin a comment on it.`}
              className="block max-w-full cursor-crosshair rounded-md border bg-slate-50 disabled:cursor-default"
              data-testid="mockup"
            >
              <img
                src={shown.mockupUrl}
                alt={`Mockup revision ${shown.revisionNumber}`}
                className="block h-auto max-h-[32rem] w-auto max-w-full"
              />
            </button>
            {pinned.map((a) => (
              <button
                key={a.id}
                type="button"
                aria-label={`Pin ${pins.get(a.id)}: ${a.content}`}
                onClick={() => onHighlight(a.id)}
                className={cn(
                  'absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-red-700 text-xs font-bold text-white shadow',
                  highlight === a.id && 'ring-4 ring-amber-400',
                )}
                style={{
                  left: `${(a.positionX ?? 0) * 100}%`,
                  top: `${(a.positionY ?? 0) * 100}%`,
                }}
              >
                {pins.get(a.id)}
              </button>
            ))}
            {draftPin && draftPin.revision === shown.revisionNumber ? (
              <span
                aria-hidden="true"
                className="absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-dashed border-red-700 bg-white/70"
                style={{ left: `${draftPin.x * 100}%`, top: `${draftPin.y * 100}%` }}
              />
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground rounded-md border border-dashed p-8 text-center text-sm">
            No mockup yet. The shop will upload your design proof here.
          </p>
        )}
        {draftPin ? (
          <Composer
            label={
              draftPin.revision === shown?.revisionNumber
                ? 'Comment for this pin'
                : `Comment for this pin on revision ${draftPin.revision}`
            }
            submitLabel="Add Pin"
            connected={connected}
            autoFocus
            onCancel={() => {
              proofButton.current?.focus();
              setDraftPin(null);
            }}
            onSubmit={async (content) => {
              const saved = await room.send({
                content,
                positionX: Number(draftPin.x.toFixed(4)),
                positionY: Number(draftPin.y.toFixed(4)),
                revisionNumber: draftPin.revision,
              });
              if (saved) {
                // Back to the proof, where the next pin goes (WCAG 2.4.3).
                proofButton.current?.focus();
                setDraftPin(null);
              }
              return saved;
            }}
          />
        ) : null}
        {room.revisions.length > 0 ? (
          <nav aria-label="Revisions">
            <ul className="flex flex-wrap gap-2">
              {room.revisions.map((r) => (
                <li key={r.id}>
                  <Button
                    type="button"
                    size="sm"
                    variant={r.id === shown?.id ? 'default' : 'outline'}
                    aria-current={r.id === shown?.id ? 'true' : undefined}
                    onClick={() => onChoose(r.revisionNumber)}
                  >
                    Revision {r.revisionNumber}
                    {r.id === latest?.id ? ' (latest)' : ''}
                  </Button>
                </li>
              ))}
            </ul>
            {shown?.notes ? (
              <p className="mt-2 text-sm whitespace-pre-wrap wrap-anywhere">{shown.notes}</p>
            ) : null}
          </nav>
        ) : null}
        {viewer === 'client' && latest && !approved ? (
          <div className="flex flex-wrap gap-2">
            <Button
              ref={changesButton}
              type="button"
              variant="outline"
              disabled={!connected}
              onClick={() => setChangesOpen((o) => !o)}
              aria-expanded={changesOpen}
            >
              Request changes
            </Button>
            <Button
              type="button"
              disabled={!connected || !onLatest || quote?.quotedAmount == null}
              onClick={() =>
                quote?.quotedAmount != null &&
                setApproving({ revision: latest.revisionNumber, amount: quote.quotedAmount })
              }
            >
              <CheckCircle2 aria-hidden="true" />
              Approve this proof
            </Button>
            {quote?.quotedAmount == null ? (
              <p className="text-muted-foreground w-full text-sm">
                You can approve the proof once the shop has sent its quote.
              </p>
            ) : null}
          </div>
        ) : null}
        {changesOpen && latest ? (
          <Composer
            label="What should change?"
            submitLabel="Send Change Request"
            connected={connected}
            autoFocus
            onCancel={() => {
              changesButton.current?.focus();
              setChangesOpen(false);
            }}
            onSubmit={async (content) => {
              const saved = await room.send({
                content,
                annotationType: 'revision_request',
                revisionNumber: latest.revisionNumber,
              });
              if (saved) {
                changesButton.current?.focus();
                setChangesOpen(false);
              }
              return saved;
            }}
          />
        ) : null}
        <Dialog
          open={approving !== null}
          onOpenChange={(open) => {
            if (!open) setApproving(null);
          }}
        >
          <DialogContent role="alertdialog">
            <DialogHeader>
              <DialogTitle>Approve this proof?</DialogTitle>
              <DialogDescription>
                You approve revision {approving?.revision} as the design to produce
                {approving ? ` for ${formatDollars(approving.amount)}` : ''}. The shop is told at
                once.
              </DialogDescription>
            </DialogHeader>
            {stale ? (
              <p role="alert" className="text-destructive text-sm font-medium">
                The shop has just changed the proof or its price. Cancel and check it again before
                approving.
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setApproving(null)}>
                Cancel
              </Button>
              <Button
                type="button"
                disabled={!connected || stale}
                onClick={async () => {
                  if (!approving) return;
                  // The dialog closes either way; a refusal shows by the comments.
                  setApproving(null);
                  await room.send({
                    content: `Approved revision ${approving.revision}`,
                    annotationType: 'approval',
                    revisionNumber: approving.revision,
                    quotedAmount: approving.amount,
                  });
                }}
              >
                Approve Proof
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/**
 * A text box with a submit button that is disabled while the text is empty, offline or
 * being sent. The text is cleared only when `onSubmit` resolves true (the server stored
 * it); a refused or unanswered message stays in the box to be corrected or sent again.
 */
function Composer({
  label,
  submitLabel,
  connected,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  connected: boolean;
  onSubmit(content: string): Promise<boolean>;
  onCancel?(): void;
  /** Take the focus when it appears (opened by a button: Reply, a pin, Request changes). */
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const saved = await onSubmit(text.trim());
    setSending(false);
    if (saved) {
      setText('');
      // The emptied box disables the button: the focus goes back to the box (WCAG 2.4.3).
      box.current?.focus();
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={box}
        id={id}
        value={text}
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
        rows={2}
      />
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          disabled={!connected || !text.trim()}
          // While sending it keeps the focus (a disabled button would drop it).
          pending={sending}
        >
          {sending ? 'Sending…' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function CommentsPanel({
  heading: Heading,
  room,
  pins,
  connected,
  onHighlight,
}: {
  heading: HeadingTag;
  room: Room;
  pins: Map<number, number>;
  connected: boolean;
  onHighlight(id: number | null): void;
}) {
  const [replyTo, setReplyTo] = useState<number | null>(null);
  // The thread whose Reply button takes the focus back when its reply box closes.
  const refocusReply = useRef<number | null>(null);
  const closeReply = (rootId: number) => {
    refocusReply.current = rootId;
    setReplyTo(null);
  };
  const threads = useMemo(() => {
    const replies = new Map<number, AnnotationView[]>();
    for (const a of room.annotations) {
      if (a.parentId === null) continue;
      const list = replies.get(a.parentId) ?? [];
      list.unshift(a); // annotations are newest first; replies read oldest first
      replies.set(a.parentId, list);
    }
    return room.annotations
      .filter((a) => a.parentId === null)
      .map((a) => ({ root: a, replies: replies.get(a.id) ?? [] }));
  }, [room.annotations]);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <Heading className="text-lg leading-none font-semibold">Comments</Heading>
      </CardHeader>
      <CardContent className="space-y-3">
        {/* A log: screen readers announce comments as they arrive from the shop or others. */}
        <div
          role="log"
          aria-label="Comments"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable list must be reachable by keyboard.
          tabIndex={0}
          className="h-[400px] space-y-3 overflow-y-auto rounded-md border p-2"
          data-testid="comments"
        >
          {threads.length === 0 ? (
            <p className="text-muted-foreground p-4 text-center text-sm">No comments yet.</p>
          ) : (
            <ul className="space-y-3">
              {threads.map(({ root, replies }) => (
                <li key={root.id} className="rounded-md border bg-white p-2">
                  <CommentBody
                    annotation={root}
                    pin={pins.get(root.id)}
                    onHighlight={onHighlight}
                  />
                  {replies.length > 0 ? (
                    <ul aria-label="Replies" className="mt-2 space-y-2 border-l-2 pl-3">
                      {replies.map((r) => (
                        <li key={r.id}>
                          <CommentBody annotation={r} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {replyTo === root.id ? (
                    <div className="mt-2">
                      <Composer
                        label={`Reply to ${root.authorName}`}
                        submitLabel="Send Reply"
                        connected={connected}
                        autoFocus
                        onCancel={() => closeReply(root.id)}
                        onSubmit={async (content) => {
                          const saved = await room.send({ content, parentId: root.id });
                          if (saved) closeReply(root.id);
                          return saved;
                        }}
                      />
                    </div>
                  ) : (
                    <Button
                      ref={(el) => {
                        if (el && refocusReply.current === root.id) {
                          refocusReply.current = null;
                          el.focus();
                        }
                      }}
                      type="button"
                      size="sm"
                      variant="ghost"
                      className="mt-1"
                      disabled={!connected}
                      onClick={() => setReplyTo(root.id)}
                    >
                      <MessageSquareReply aria-hidden="true" />
                      Reply
                      <span className="sr-only"> to {root.authorName}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        {room.lastError && room.connection !== 'ended' ? (
          <p role="alert" className="text-destructive text-sm wrap-anywhere">
            {room.lastError}
          </p>
        ) : null}
        <Composer
          label="Add a comment"
          submitLabel="Send Comment"
          connected={connected}
          onSubmit={(content) => room.send({ content })}
        />
      </CardContent>
    </Card>
  );
}

function CommentBody({
  annotation,
  pin,
  onHighlight,
}: {
  annotation: AnnotationView;
  pin?: number;
  onHighlight?(id: number): void;
}) {
  const label = TYPE_LABELS[annotation.annotationType];
  return (
    <article className="space-y-1 text-sm">
      <header className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold wrap-anywhere">{annotation.authorName}</span>
        {annotation.authorType === 'admin' ? <Badge variant="secondary">Shop</Badge> : null}
        {label ? (
          <Badge variant={annotation.annotationType === 'approval' ? 'success' : 'warning'}>
            {label}
          </Badge>
        ) : null}
        {pin !== undefined ? (
          <button
            type="button"
            className="rounded-full bg-red-700 px-2 text-xs font-bold text-white"
            onClick={() => onHighlight?.(annotation.id)}
          >
            Pin {pin}
            <span className="sr-only"> on revision {annotation.revisionNumber}</span>
          </button>
        ) : null}
        <time className="text-muted-foreground text-xs" dateTime={annotation.createdAt}>
          {timeLabel(annotation.createdAt)}
        </time>
      </header>
      {/* overflow-wrap: anywhere, not break-word: a pasted link is then no wider than the
          column even where the column sizes to its content (break-word still counted the
          whole link as the text's narrowest width, and the room grew to 730 px at 360). */}
      <p className="whitespace-pre-wrap wrap-anywhere">{annotation.content}</p>
    </article>
  );
}
