/**
 * Two app instances on one database (issue 7): clients connected to different instances
 * see each other's comments, pins and presence (user_joined / user_left) within a
 * second, through LISTEN/NOTIFY. On PostgreSQL the second instance has its own pool (as
 * a second server would); on PGlite both share the embedded database in one process.
 * A dead instance's people leave the room within the presence TTL: on PostgreSQL an
 * instance process is killed with SIGKILL; on both, rows a dead instance left behind
 * are swept and announced.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { quoteCollaborationPresence } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createTestApp, type TestApp, type TestClient } from '../test/app';
import { testDbKind } from '../test/db';
import {
  createLink,
  insertQuote,
  RoomClient,
  signInAdmin,
  uploadMockup,
  wsBase,
} from './test-support';

const TTL_SECONDS = 1.5;
const env = { COLLAB_PRESENCE_TTL_SECONDS: String(TTL_SECONDS) };
const onPostgres = testDbKind() === 'postgres';

let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database | null = null;
let admin: TestClient;
let baseA: string;
let baseB: string;
const sockets: RoomClient[] = [];

async function open(base: string, headers: Record<string, string> = {}) {
  const client = await RoomClient.open(base, headers);
  sockets.push(client);
  return client;
}

beforeAll(async () => {
  a = await createTestApp({ env });
  if (onPostgres) {
    bDatabase = await openDatabase({ url: a.database.pool!.options.connectionString, poolSize: 5 });
  }
  b = await buildApp({
    database: bDatabase ?? a.database,
    config: a.config,
    payments: createTestPaymentProvider(a.db),
    sessionSecret: randomBytes(32).toString('hex'),
    serveWeb: false,
  });
  await b.ready();
  admin = await signInAdmin(a.app, a.db);
  [baseA, baseB] = await Promise.all([wsBase(a.app), wsBase(b)]);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

/** Resolves with the elapsed milliseconds once `promise` resolves. */
async function timed<T>(promise: Promise<T>, since: number): Promise<[T, number]> {
  const value = await promise;
  return [value, Date.now() - since];
}

describe('two instances on one database', () => {
  it('carry comments, pins, proofs and presence between clients within a second', async () => {
    const quoteId = await insertQuote(a.db);
    const { token } = await createLink(admin, quoteId);
    await uploadMockup(admin, quoteId);
    const onA = await open(baseA);
    await onA.join(quoteId, token);
    const onB = await open(baseB);
    let start = Date.now();
    const joinedB = await onB.join(quoteId, token, 'Sam on B');
    expect(joinedB.activeUsers.map((u) => u.name)).toEqual(['Robin Links', 'Sam on B']);
    const [seen, joinMs] = await timed(onA.next('user_joined', undefined, 1000), start);
    expect(seen.user.name).toBe('Sam on B');
    expect(joinMs).toBeLessThan(1000);

    start = Date.now();
    onB.send({
      type: 'annotation',
      content: 'Pin from B',
      positionX: 0.4,
      positionY: 0.6,
      revisionNumber: 1,
    });
    const [pin, pinMs] = await timed(onA.next('new_annotation', undefined, 1000), start);
    expect(pin.annotation).toMatchObject({ content: 'Pin from B', positionX: 0.4, positionY: 0.6 });
    expect(pinMs).toBeLessThan(1000);
    start = Date.now();
    onA.send({ type: 'annotation', content: 'Comment from A', parentId: pin.annotation.id });
    const [reply, replyMs] = await timed(
      onB.next('new_annotation', (m) => m.annotation.content === 'Comment from A', 1000),
      start,
    );
    expect(reply.annotation.parentId).toBe(pin.annotation.id);
    expect(replyMs).toBeLessThan(1000);

    // The admin on instance B uploads through A's API: both rooms get the proof.
    start = Date.now();
    await uploadMockup(admin, quoteId, 'Second proof');
    const [revision] = await timed(onB.next('new_revision', undefined, 1000), start);
    expect(revision.revision.revisionNumber).toBe(2);

    start = Date.now();
    await onB.close();
    const [left, leftMs] = await timed(onA.next('user_left', undefined, 1000), start);
    expect(left.user.name).toBe('Sam on B');
    expect(left.activeUsers.map((u) => u.name)).toEqual(['Robin Links']);
    expect(leftMs).toBeLessThan(1000);
  });

  it('lets the people of a dead instance leave within the presence TTL', async () => {
    const quoteId = await insertQuote(a.db);
    const { token } = await createLink(admin, quoteId);
    const onA = await open(baseA);
    await onA.join(quoteId, token);
    // What a crashed instance leaves behind: its rows, never refreshed again.
    await a.db.insert(quoteCollaborationPresence).values({
      id: 'ghost-connection',
      instanceId: 'crashed-instance',
      quoteId,
      userKey: 'ghost',
      userName: 'Ghost Reviewer',
      authorType: 'client',
      joinedAt: new Date(Date.now() - 60_000),
      lastSeen: new Date(Date.now() - 60_000),
    });
    const left = await onA.next(
      'user_left',
      (m) => m.user.name === 'Ghost Reviewer',
      TTL_SECONDS * 1000 + 1000,
    );
    expect(left.activeUsers.map((u) => u.name)).toEqual(['Robin Links']);
  });

  // A process can only die on its own with a server database; PGlite lives in this process.
  if (onPostgres)
    it('announces the departure of a client whose instance was killed', async () => {
      const quoteId = await insertQuote(a.db);
      const { token } = await createLink(admin, quoteId);
      const root = path.resolve(import.meta.dirname, '../../..');
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/server/test/instance.ts'],
        {
          cwd: root,
          env: { ...process.env, ...env, DATABASE_URL: a.database.pool!.options.connectionString },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      try {
        const port = await new Promise<number>((resolve, reject) => {
          let out = '';
          child.stdout!.on('data', (d) => {
            out += String(d);
            const m = /LISTENING (\d+)/.exec(out);
            if (m) resolve(Number(m[1]));
          });
          child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
        });
        const onA = await open(baseA);
        await onA.join(quoteId, token);
        const doomed = await open(`ws://127.0.0.1:${port}`);
        await doomed.join(quoteId, token, 'Doomed Reviewer');
        await onA.next('user_joined', (m) => m.user.name === 'Doomed Reviewer');
        const killedAt = Date.now();
        child.kill('SIGKILL');
        const left = await onA.next(
          'user_left',
          (m) => m.user.name === 'Doomed Reviewer',
          TTL_SECONDS * 1000 + 2000,
        );
        expect(left.activeUsers.map((u) => u.name)).toEqual(['Robin Links']);
        expect(Date.now() - killedAt).toBeLessThan(TTL_SECONDS * 1000 + 2000);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
});
