/**
 * Campaign bench (issue 9): 10,000 recipients delivered through the durable queue to a
 * local SMTP server (smtp-server, AUTH, on 127.0.0.1 in this process). The shop runs as
 * its own process (src/server/test/instance.ts) on a fresh PostgreSQL database beside
 * BENCH_DATABASE_URL; the campaign is created in the database before it starts, so its
 * start-up sweep picks the campaign up exactly as after a restart. Reported: wall time
 * from the shop's start to the campaign's end, the sending time (first to last
 * `sent_at`), messages/s, and the check that every recipient was received exactly once.
 * Target: at most 60 s. Env: BENCH_DATABASE_URL, BENCH_CAMPAIGN_RECIPIENTS (10000),
 * CAMPAIGN_CONCURRENCY (the shop's default).
 * Run: `npx tsx scripts/bench-campaign.ts` (or as part of `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { marketingContent } from '../src/server/campaigns/content';
import { createCampaign } from '../src/server/campaigns/engine';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { countByRecipient, startTestSmtp } from '../src/server/test/smtp';

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const n = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const TARGET_SECONDS = 60;

const name = `fp_bench_campaign_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const smtp = await startTestSmtp({ keepRaw: false });
const database = await openDatabase({ url: url.toString(), poolSize: 5 });
let failed = false;
try {
  await database.migrate();
  const config = loadConfig({ PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'silent' });
  const campaign = await createCampaign(database.db, {
    kind: 'marketing',
    content: marketingContent(config, {
      subject: 'Spring pins are here',
      content: '<p>Hi {{name}},</p><p>Our spring collection of golf pins is here.</p>',
    }),
    recipients: Array.from({ length: n }, (_, i) => ({
      email: `golfer${i}@bench.test`,
      name: `Golfer ${i}`,
      organization: null,
    })),
  });

  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/instance.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Fairway Pin Co. <news@fairwaypin.test>',
      MAIL_POLL_SECONDS: '0.5',
      PUBLIC_URL: 'https://shop.example',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = started + 10 * TARGET_SECONDS * 1000;
    let status = 'sending';
    while (status !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const res = await database.pool!.query('SELECT status FROM campaigns WHERE id = $1', [
        campaign.id,
      ]);
      status = res.rows[0].status;
    }
    const wall = (Date.now() - started) / 1000;
    const stats = await database.pool!.query(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status <> 'sent')::int AS other,
              extract(epoch FROM max(sent_at) - min(sent_at))::float AS sending
         FROM email_campaigns WHERE campaign_id = $1`,
      [campaign.id],
    );
    const s = stats.rows[0] as { sent: number; other: number; sending: number };
    const counts = countByRecipient(smtp.received);
    const twice = [...counts.values()].filter((c) => c > 1).length;
    const missing = n - counts.size;
    const ok = status === 'done' && s.sent === n && twice === 0 && missing === 0;
    console.log(
      `| campaign | recipients | wall s (shop start -> done) | sending s | messages/s | received | twice | missing |\n|---|---:|---:|---:|---:|---:|---:|---:|\n| PostgreSQL, CAMPAIGN_CONCURRENCY=${process.env.CAMPAIGN_CONCURRENCY ?? 'default'} | ${n} | ${wall.toFixed(1)} | ${s.sending.toFixed(1)} | ${(n / Math.max(s.sending, 0.001)).toFixed(0)} | ${smtp.received.length} | ${twice} | ${missing} |`,
    );
    console.log(
      `Campaign: ${n} recipients in ${wall.toFixed(1)} s (target <= ${TARGET_SECONDS} s) ${wall <= TARGET_SECONDS ? 'met' : 'NOT met'}; ${ok ? 'every recipient received exactly once' : `BROKEN: status ${status}, ${s.sent} sent, ${twice} twice, ${missing} missing`}`,
    );
    if (!ok) failed = true;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
} finally {
  await database.close();
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
if (failed) process.exitCode = 1;
