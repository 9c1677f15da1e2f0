/**
 * The SMTP sender when the server fails before it is ready (campaigns/smtp.ts; a failure
 * audit: nodemailer reports these only as an 'error' event, and waiting for the connect
 * callback alone held the mail worker for minutes). Each send answers 'refused' at once
 * with the server's code when there is one.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { GatedSmtpSender } from './smtp';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A raw TCP server answering each connection with `greet` (then closing, if `close`). */
async function rawServer(greet: string | null, close: boolean): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    if (greet !== null) socket.write(greet);
    if (close) socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as net.AddressInfo).port;
}

async function sendOnce(port: number) {
  const sender = new GatedSmtpSender(`smtp://127.0.0.1:${port}`);
  const started = Date.now();
  const outcome = await sender.send(
    'shop@fairway.test',
    'buyer@golf.test',
    Buffer.from('Subject: hi\r\n\r\nhello\r\n'),
    async () => true,
  );
  sender.close();
  return { outcome, ms: Date.now() - started };
}

describe('GatedSmtpSender when the server fails before it is ready', () => {
  it('a refused connection', async () => {
    const port = await rawServer(null, false);
    await closers.pop()!(); // the port is closed now: connections are refused
    const { outcome, ms } = await sendOnce(port);
    expect(outcome).toMatchObject({ kind: 'refused', code: null, committed: false });
    expect(ms).toBeLessThan(5000);
  });

  it('a 421 greeting (service not available)', async () => {
    const port = await rawServer('421 mail.golf.test Service not available\r\n', true);
    const { outcome, ms } = await sendOnce(port);
    expect(outcome).toMatchObject({ kind: 'refused', code: 421, committed: false });
    expect(ms).toBeLessThan(5000);
  });

  it('a connection closed without a greeting', async () => {
    const port = await rawServer(null, true);
    const { outcome, ms } = await sendOnce(port);
    expect(outcome).toMatchObject({ kind: 'refused', committed: false });
    expect(ms).toBeLessThan(5000);
  });

  it('beside them, a server that is ready gets the message', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as net.AddressInfo).port;
    const failing = await rawServer('421 busy\r\n', true);
    const sender = new GatedSmtpSender(`smtp://127.0.0.1:${failing}`);
    const raw = Buffer.from('Subject: hi\r\n\r\nhello\r\n');
    expect((await sender.send('a@fairway.test', 'b@golf.test', raw, async () => true)).kind).toBe(
      'refused',
    );
    const working = new GatedSmtpSender(`smtp://127.0.0.1:${port}`);
    expect(await working.send('a@fairway.test', 'b@golf.test', raw, async () => true)).toEqual({
      kind: 'sent',
    });
    working.close();
    expect(received).toEqual(['b@golf.test']);
  });
});
