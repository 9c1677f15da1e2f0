/** Admin bootstrap at start (placeholder until the accounts module lands). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';

/** Creates/resets the configured admin, or creates `admin` with a random password on an empty database. */
export async function bootstrapAdmin(_db: Db, _config: AppConfig, _log: FastifyBaseLogger): Promise<void> {}
