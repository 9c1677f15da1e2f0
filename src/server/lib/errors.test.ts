/**
 * The shared error handler: PostgreSQL errors for input it cannot store answer 400
 * (a backstop behind the input guard and the schemas), other failures 500. The
 * `apiErrors` builder of the routes' error response schemas.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../shared/schemas/common';
import type { Database } from '../db/client';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { openTestDatabase } from '../test/db';
import {
  apiErrors,
  conflict,
  inputRejectedByDatabase,
  installErrorHandling,
  notFound,
} from './errors';

describe('error handler backstop for database input errors', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 2 });
    app = Fastify();
    installErrorHandling(app);
    // Routes with no guard in front, so the database sees the raw values.
    app.post('/text', async (request) => {
      const { value } = request.body as { value: string };
      await database.db.execute(sql`select ${value}::text`);
      return { ok: true };
    });
    app.post('/jsonb', async (request) => {
      await database.db.execute(sql`select ${JSON.stringify(request.body)}::jsonb`);
      return { ok: true };
    });
    app.post('/int', async (request) => {
      const { value } = request.body as { value: number };
      await database.db.execute(sql`select ${value}::int4`);
      return { ok: true };
    });
    app.post('/boom', async () => {
      await database.db.execute(sql`select 1/0`);
      return { ok: true };
    });
    // A page and an API call whose database work fails (the database down, say).
    for (const url of ['/blog/some-post', '/api/blog/some-post']) {
      app.get(url, async () => {
        await database.db.execute(sql`select 1/0`);
        return { ok: true };
      });
    }
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('answers 400 for NUL in text (22021) and in jsonb (22P05)', async () => {
    const text = await post('/text', { value: 'a\u0000b' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Invalid characters in input' });
    const json = await post('/jsonb', { value: 'a\u0000b' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Invalid characters in input' });
  });

  it('answers 400 for a number past int4 (22003)', async () => {
    const res = await post('/int', { value: 3_000_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'A number in the request is out of range' });
    expect((await post('/int', { value: 7 })).statusCode).toBe(200);
  });

  it('keeps other database errors a 500', async () => {
    const res = await post('/boom', {});
    expect(res.statusCode).toBe(500);
    expect(inputRejectedByDatabase(new Error('plain'))).toBeNull();
  });

  it('a failing page a browser opened answers an HTML page; API calls and other clients JSON', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await app.inject({ url: '/blog/some-post', headers: browser });
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Something went wrong</h1>');
    expect(page.body).toContain('href="/"');
    const api = await app.inject({ url: '/api/blog/some-post', headers: browser });
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const script = await app.inject({ url: '/blog/some-post', headers: { accept: '*/*' } });
    expect(script.json().message).toMatch(/Something went wrong/);
  });
});

describe('error shapes of the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('malformed and empty JSON bodies answer 400 with the message under errors.body', async () => {
    const c = new TestClient(t.app);
    const send = (payload: string) =>
      c.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const bad = await send('{bad');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "Body is not valid JSON but content-type is set to 'application/json'",
      errors: { body: "Body is not valid JSON but content-type is set to 'application/json'" },
    });
    const empty = await send('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBe(empty.json().message);
  });

  it('a path parameter longer than the router allows answers JSON 404, a broken URL JSON 400', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/products/${'1'.repeat(150)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Not found' });
    const capture = await t.app.inject({
      method: 'POST',
      url: `/paypal/order/${'a'.repeat(300)}/capture`,
    });
    expect(capture.statusCode).toBe(404);
    expect(capture.json()).toEqual({ message: 'Not found' });
    const broken = await t.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Invalid URL' });
  });
});

describe('apiErrors', () => {
  it('maps exactly the statuses given to the ApiError body', () => {
    const map = apiErrors(400, 404, 409);
    expect(Object.keys(map)).toEqual(['400', '404', '409']);
    expect(map[400]).toBe(ApiError);
    expect(map[404]).toBe(ApiError);
    expect(map[409]).toBe(ApiError);
    expect(apiErrors()).toEqual({});
  });

  it('serialises error replies through the schema; a status written after the spread replaces it', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    const Ok = z.object({ ok: z.boolean() });
    app.get('/plain', { schema: { response: { 200: Ok, ...apiErrors(404, 409) } } }, async () => {
      throw conflict('Sold out', { available: 2 });
    });
    app.get(
      '/loose',
      { schema: { response: { 200: Ok, ...apiErrors(404, 409), 409: ApiError.loose() } } },
      async () => {
        throw conflict('Sold out', { available: 2 });
      },
    );
    app.get('/missing', { schema: { response: { 200: Ok, ...apiErrors(404) } } }, async () => {
      throw notFound();
    });
    await app.ready();
    try {
      // The plain ApiError body keeps message (and errors) only.
      const plain = await app.inject({ method: 'GET', url: '/plain' });
      expect(plain.statusCode).toBe(409);
      expect(plain.json()).toEqual({ message: 'Sold out' });
      const loose = await app.inject({ method: 'GET', url: '/loose' });
      expect(loose.statusCode).toBe(409);
      expect(loose.json()).toEqual({ message: 'Sold out', available: 2 });
      const missing = await app.inject({ method: 'GET', url: '/missing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found' });
    } finally {
      await app.close();
    }
  });
});
