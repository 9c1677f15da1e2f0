/**
 * One SMTP connection that sends campaign mail with a commit gate (issue 9: "a retried
 * job never sends a mail twice").
 *
 * SMTP has no exactly-once: the message is delivered when the server reads the final
 * "." of DATA, and a sender that dies between that "." and recording it cannot know.
 * We choose the side that never sends twice: `send` streams the message and, after the
 * server accepted the envelope (354 to DATA) and before the final ".", calls
 * `beforeCommit` (the caller marks the recipient 'sent' under its claim). Only when it
 * answers true is the "." written. So:
 * - a crash before the mark: the server never got "."; the recipient is sent again later;
 * - a crash after the mark: the recipient counts as sent and is never sent again (in the
 *   worst case, a crash within the few microseconds between the mark's commit and the
 *   "." write, that one mail is lost rather than duplicated).
 * Built on nodemailer's own SMTPConnection (nodemailer/lib/smtp-connection).
 */
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/** A complete RFC 5322 message (MIME, text + HTML alternatives) built by nodemailer's MailComposer. */
export function composeMessage(opts: {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
  headers?: Record<string, string> | null;
}): Promise<Buffer> {
  const composer = new MailComposer({
    from: opts.from,
    to: opts.to,
    subject: opts.subject,
    text: opts.text,
    ...(opts.html ? { html: opts.html } : {}),
    messageId: opts.messageId,
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((err, message) => (err ? reject(err) : resolve(message))),
  );
}

/** The address part of a From value ('Name <a@b>' or 'a@b'). */
export function fromAddress(mailFrom: string): string {
  const m = /<([^>]+)>/.exec(mailFrom);
  return (m ? m[1]! : mailFrom).trim();
}

/** What happened to one message. */
export type SendOutcome =
  /** The server answered 250 to the message. */
  | { kind: 'sent' }
  /** Not delivered ("." never sent, or the server refused the message after it). */
  | {
      kind: 'refused';
      /** The server's code (4xx temporary, 5xx permanent), or null (network, timeout). */
      code: number | null;
      /** True when the recipient address itself was refused (RCPT TO): a bounce. */
      atRecipient: boolean;
      /** True when `beforeCommit` had already marked it sent (the caller must undo that). */
      committed: boolean;
      error: string;
    }
  /** `beforeCommit` answered false (another worker owns the recipient now): not sent. */
  | { kind: 'abandoned' }
  /** "." was written but no answer came: maybe delivered; counted as sent, never resent. */
  | { kind: 'unconfirmed'; error: string };

interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * Runs one step of opening `conn` (connect, login) and settles with its outcome. nodemailer
 * calls the step's callback on success, but reports most failures (refused connection, a
 * 421 greeting, a greeting timeout) only as an 'error' event, or ends the connection:
 * waiting for the callback alone hung the mail worker (a failure audit). Rejects with the
 * first of the callback's error, an 'error' event, or the connection's end.
 */
function untilDone(
  conn: SMTPConnection,
  step: (done: (err?: Error | null) => void) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => finish(err);
    const onEnd = () => finish(new Error('The SMTP connection closed before it was ready'));
    const finish = (err?: Error | null) => {
      conn.off('error', onError);
      conn.off('end', onEnd);
      if (err) reject(err);
      else resolve();
    };
    conn.once('error', onError);
    conn.once('end', onEnd);
    step(finish);
  });
}

/** A reusable SMTP connection for `smtpUrl` (smtp://user:pass@host:port, smtps://...). */
export class GatedSmtpSender {
  private conn: SMTPConnection | null = null;
  private readonly options: ReturnType<typeof parseConnectionUrl>;

  constructor(smtpUrl: string) {
    this.options = parseConnectionUrl(smtpUrl);
  }

  private async connection(): Promise<SMTPConnection> {
    if (this.conn) return this.conn;
    const o = this.options as Record<string, unknown>;
    const conn = new SMTPConnection({
      host: o.host as string | undefined,
      port: o.port as number | undefined,
      secure: o.secure as boolean | undefined,
      ...TIMEOUTS,
    });
    // Errors also reach the pending callback; the listener keeps them from being thrown.
    conn.on('error', () => {});
    conn.on('end', () => {
      if (this.conn === conn) this.conn = null;
    });
    try {
      await untilDone(conn, (done) => conn.connect(done));
      const auth = o.auth as { user?: string; pass?: string } | undefined;
      if (auth?.user) {
        await untilDone(conn, (done) =>
          conn.login({ user: auth.user!, pass: auth.pass ?? '' }, done),
        );
      }
    } catch (err) {
      conn.close();
      throw err;
    }
    this.conn = conn;
    return conn;
  }

  /** Drops the connection (after an error, or when done). */
  close(): void {
    const c = this.conn;
    this.conn = null;
    if (c) {
      try {
        c.quit();
      } catch {
        c.close();
      }
    }
  }

  /**
   * Sends `raw` (a complete RFC 5322 message) from `from` to `to`. `beforeCommit` runs
   * once, after the server accepted the envelope and before the final "." (see the
   * module comment). Never throws: every result is a `SendOutcome`.
   */
  async send(
    from: string,
    to: string,
    raw: Buffer,
    beforeCommit: () => Promise<boolean>,
  ): Promise<SendOutcome> {
    let conn: SMTPConnection;
    try {
      conn = await this.connection();
    } catch (err) {
      this.close();
      const e = err as SmtpError;
      return {
        kind: 'refused',
        code: e.responseCode ?? null,
        atRecipient: false,
        committed: false,
        error: e.message,
      };
    }
    let committed = false;
    let abandoned = false;
    let step = 0;
    const body = new Readable({
      read() {
        if (step === 0) {
          step = 1;
          this.push(raw);
        } else if (step === 1) {
          step = 2;
          beforeCommit().then(
            (ok) => {
              if (ok) {
                committed = true;
                this.push(null); // lets the data stream write the final "."
              } else {
                abandoned = true;
                this.destroy(new Error('recipient claimed by another worker'));
              }
            },
            (err: Error) => this.destroy(err),
          );
        }
      },
    });
    return new Promise<SendOutcome>((resolve) => {
      conn.send({ from, to: [to] }, body, (err) => {
        if (!err) return resolve({ kind: 'sent' });
        // The connection's state after an error is unknown: start afresh next time.
        this.close();
        if (abandoned) return resolve({ kind: 'abandoned' });
        const e = err as SmtpError;
        const code = typeof e.responseCode === 'number' ? e.responseCode : null;
        if (committed && code === null) return resolve({ kind: 'unconfirmed', error: e.message });
        resolve({
          kind: 'refused',
          code,
          atRecipient: !committed && (e.command ?? '').toUpperCase().startsWith('RCPT'),
          committed,
          error: e.message,
        });
      });
    });
  }
}
