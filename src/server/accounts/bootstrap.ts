/**
 * Admin account at start (DECISIONS.md "Runtime conventions"):
 * - ADMIN_USERNAME + ADMIN_PASSWORD (+ ADMIN_EMAIL, default `<username>@localhost`):
 *   create that admin, or reset its password and role (and e-mail when given). A reset
 *   password signs the account out everywhere. A common password (common-passwords.ts)
 *   refuses to start.
 * - Without them: on a database with no admin, create `admin` (or `admin-<random>` when a
 *   customer already holds that name) with a random password printed once via log.warn.
 * Idempotent: a second run with the same settings changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Password, Username } from '../../shared/schemas/auth';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import {
  findUserByUsername,
  hashPassword,
  normalizeUsername,
  uniqueViolation,
  verifyPassword,
} from './service';

type AdminSettings = Pick<AppConfig, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'ADMIN_EMAIL'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Creates/resets the configured admin, or creates an admin with a random password on a database without one. */
export async function bootstrapAdmin(db: Db, config: AdminSettings, log: Log): Promise<void> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = config;
  if (ADMIN_USERNAME || ADMIN_PASSWORD) {
    if (!ADMIN_USERNAME || !ADMIN_PASSWORD) {
      throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
    }
    await ensureConfiguredAdmin(db, config, log);
    return;
  }
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  if (admin) return;
  await createRandomAdmin(db, log);
}

async function ensureConfiguredAdmin(db: Db, config: AdminSettings, log: Log): Promise<void> {
  // Stored in NFC as registration stores names (service.ts normalizeUsername).
  const username = Username.safeParse(normalizeUsername(config.ADMIN_USERNAME ?? ''));
  if (!username.success) throw new Error(`ADMIN_USERNAME: ${username.error.issues[0].message}`);
  const password = Password.safeParse(config.ADMIN_PASSWORD);
  if (!password.success) throw new Error(`ADMIN_PASSWORD: ${password.error.issues[0].message}`);
  if (await isCommonPassword(password.data))
    throw new Error(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
  const email = (config.ADMIN_EMAIL?.trim() || `${username.data}@localhost`).toLowerCase();

  const existing = await findUserByUsername(db, username.data);
  if (!existing) {
    try {
      await db.insert(users).values({
        username: username.data,
        email,
        passwordHash: await hashPassword(password.data),
        role: 'admin',
      });
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
      throw new Error(
        `Cannot create admin ${username.data}: the e-mail ${email} belongs to another account (set ADMIN_EMAIL)`,
      );
    }
    log.info(`Created admin account ${username.data}`);
    return;
  }

  const changes: Partial<typeof users.$inferInsert> = {};
  const passwordChanged = !(await verifyPassword(existing.passwordHash, password.data));
  if (passwordChanged) changes.passwordHash = await hashPassword(password.data);
  if (existing.role !== 'admin') changes.role = 'admin';
  if (config.ADMIN_EMAIL && existing.email !== email) changes.email = email;
  if (Object.keys(changes).length === 0) return;

  try {
    await db.update(users).set(changes).where(eq(users.id, existing.id));
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
    throw new Error(`Cannot set admin e-mail ${email}: it belongs to another account`);
  }
  if (passwordChanged) await db.delete(sessions).where(eq(sessions.userId, existing.id));
  log.info(`Updated admin account ${existing.username} (${Object.keys(changes).join(', ')})`);
}

async function createRandomAdmin(db: Db, log: Log): Promise<void> {
  const password = randomBytes(18).toString('base64url'); // 24 characters, 144 bits
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 ? 'admin' : `admin-${randomBytes(3).toString('hex')}`;
    const [created] = await db
      .insert(users)
      .values({ username, email: `${username}@localhost`, passwordHash, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      log.warn(
        `Created admin account "${username}" with password "${password}". ` +
          'It is shown only this once: sign in and keep it safe, or set ADMIN_USERNAME and ADMIN_PASSWORD.',
      );
      return;
    }
    // A concurrent start may have created the admin in the meantime.
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    if (admin) return;
  }
  throw new Error('Could not create the admin account');
}
