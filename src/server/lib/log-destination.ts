/**
 * Where the shop's log lines go (issue 12): a file descriptor (stdout by default) written
 * asynchronously in large batches, so a request's log line costs an array push.
 *
 * Lines are collected as strings and joined into one Buffer per batch (64 KB, or whatever
 * is pending after `flushMs`, default 1 s); each batch is handed to sonic-boom (pino's
 * own destination, in its `buffer` mode), which writes it off the event loop and handles
 * partial writes and EAGAIN. Measured on the catalogue reads (CPU profiles): sonic-boom
 * fed line by line in its default `utf8` mode re-measured its whole pending string for
 * every line (`Buffer.byteLength`, flattening it: quadratic in the batch) and started a
 * thread-pool write every ~20 lines (4 KB batches); each such write cost the event loop
 * a thread hand-off. Converting each line to a Buffer instead cost as much as it saved.
 *
 * `close()` writes every pending line and resolves once they reached the descriptor
 * (the shop's `stop()` awaits it). At a process exit without `close()` (a crash), the
 * pending batch is written synchronously from an `exit` handler, and sonic-boom's own
 * exit handler (registered by pino) writes what it still holds; a batch whose write is
 * in flight on the thread pool at that moment can be lost (exit handlers cannot wait),
 * as with pino's own asynchronous destination.
 */
import pino from 'pino';

/** A log destination: `stream` for pino, `close()` to write everything pending. */
export interface LogDestination {
  /** Give this to pino as its destination stream. */
  readonly stream: { write(line: string): void };
  /**
   * Resolves once every line written so far has reached the descriptor, in order. Lines
   * written after it are dropped. Never rejects.
   */
  close(): Promise<void>;
}

export interface LogDestinationOptions {
  /** File descriptor (default 1, stdout). Left open by `close()` when it is 1 or 2. */
  fd?: number;
  /** Bytes (UTF-16 code units) collected before a batch is written (default 65536). */
  batchSize?: number;
  /** Longest a line waits before its batch is written, ms (default 1000). */
  flushMs?: number;
}

/** Longest `close()` waits for the last write to finish (a stuck descriptor), ms. */
const CLOSE_TIMEOUT_MS = 5000;

/** Creates a batching asynchronous log destination (see the module comment). */
export function createLogDestination(options: LogDestinationOptions = {}): LogDestination {
  const batchSize = options.batchSize ?? 65536;
  const sonic = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    // Every batch handed over is written at once (no further waiting in sonic-boom).
    minLength: 0,
    maxWrite: Math.max(16384, batchSize * 2),
    contentMode: 'buffer',
  });
  let lines: string[] = [];
  let pending = 0;
  let closed = false;

  /** Hands the collected lines to sonic-boom as one Buffer. */
  const handOver = () => {
    if (pending === 0) return;
    const batch = Buffer.from(lines.join(''));
    lines = [];
    pending = 0;
    try {
      sonic.write(batch as unknown as string);
    } catch {
      // destroyed (stdout gone): nothing can be written any more
    }
  };
  const timer = setInterval(handOver, options.flushMs ?? 1000);
  timer.unref();
  // A crash or process.exit() before close(): the batch is written synchronously.
  const atExit = () => {
    handOver();
    try {
      sonic.flushSync();
    } catch {
      // nothing more can be written
    }
  };
  process.once('exit', atExit);

  return {
    stream: {
      write(line: string) {
        if (closed) return;
        lines.push(line);
        pending += line.length;
        if (pending >= batchSize) handOver();
      },
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      clearInterval(timer);
      process.removeListener('exit', atExit);
      handOver();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(stuck);
          resolve();
        };
        // Resolved anyway if the descriptor never finishes (or sonic-boom gave up on it).
        const stuck = setTimeout(done, CLOSE_TIMEOUT_MS);
        stuck.unref();
        sonic.once('close', done);
        sonic.once('error', done);
        try {
          // Waits for the write in flight, writes what is queued, then 'close'.
          sonic.end();
        } catch {
          done();
        }
      });
    },
  };
}
