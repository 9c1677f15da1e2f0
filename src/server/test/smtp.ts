/**
 * A real local SMTP server for tests and the campaign bench (smtp-server on 127.0.0.1,
 * AUTH shop/secret). Recipients starting with `reject` are refused permanently at RCPT TO
 * (550, a bounce); `tempfail` ones temporarily (451). Every accepted message is kept
 * (`received`) with its envelope recipient and a few parsed headers.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  messageId: string | null;
  subject: string | null;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** RCPT TO commands seen per address (accepted or not). */
  rcptCount: Map<string, number>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Called when a message is complete, before the server answers it (e.g. to kill the sender). */
  onMessage?: (mail: ReceivedMail, count: number) => void;
  /** Called at each RCPT TO, before the server answers it. */
  onRcpt?: (address: string, count: number) => void;
  /** Keep the raw text of each message (default true; the bench turns it off). */
  keepRaw?: boolean;
}

function header(head: string, name: string): string | null {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** Starts the server on a free port. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const rcptCount = new Map<string, number>();
  let rcptTotal = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      if (auth.username === 'shop' && auth.password === 'secret') cb(null, { user: 'shop' });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      const a = address.address.toLowerCase();
      rcptCount.set(a, (rcptCount.get(a) ?? 0) + 1);
      rcptTotal += 1;
      options.onRcpt?.(a, rcptTotal);
      if (a.startsWith('reject')) {
        cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else if (a.startsWith('tempfail')) {
        cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()).join(','),
          messageId: header(head, 'Message-ID'),
          subject: header(head, 'Subject'),
          listUnsubscribe: header(head, 'List-Unsubscribe'),
          listUnsubscribePost: header(head, 'List-Unsubscribe-Post'),
          raw: options.keepRaw === false ? '' : raw,
        };
        received.push(mail);
        options.onMessage?.(mail, received.length);
        cb();
      });
    },
  });
  // A client that dies mid-conversation (the kill test) resets its connection: not an error here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://shop:secret@127.0.0.1:${port}`,
    received,
    rcptCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How many messages each address received. */
export function countByRecipient(received: ReceivedMail[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of received) m.set(r.to, (m.get(r.to) ?? 0) + 1);
  return m;
}
