/**
 * The benchmark's baselines (scripts/bench.ts), in a process of their own, listening on
 * 127.0.0.1:$PORT:
 *
 * - GET /products and GET /products/one: the shop's own response bytes for
 *   GET /api/products and GET /api/products/{id} (fetched once at start from
 *   $SHOP_URL, with their content type), sent pre-serialised from memory: the fastest a
 *   Fastify route can answer the same request.
 * - GET /db: one PostgreSQL round trip per request through node-postgres with the shop's
 *   pool size ($POOL_SIZE), reading the same cart lines GET /api/cart reads
 *   ($CART_SESSION): the floor for a read that must ask the database.
 */
import Fastify from 'fastify';
import pg from 'pg';

const shopUrl = process.env.SHOP_URL;
const productId = process.env.PRODUCT_ID;
if (!shopUrl || !productId) throw new Error('SHOP_URL and PRODUCT_ID are required');

async function snapshot(url: string): Promise<{ body: Buffer; type: string }> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? 'application/json; charset=utf-8',
  };
}

const list = await snapshot(`${shopUrl}/api/products`);
const one = await snapshot(`${shopUrl}/api/products/${productId}`);

const app = Fastify({ logger: false });
app.get('/products', (_request, reply) => reply.type(list.type).send(list.body));
app.get('/products/one', (_request, reply) => reply.type(one.type).send(one.body));

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE ?? 10),
  });
  const session = process.env.CART_SESSION ?? '';
  app.get('/db', async () => {
    const { rows } = await pool.query(
      `select c.id, c.quantity, p.name, p.price_cents from cart_items c
         join products p on p.id = c.product_id where c.session_id = $1 order by c.id`,
      [session],
    );
    return rows;
  });
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
// A clean exit on SIGTERM (a CPU profile, when asked for, is written at exit).
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
console.log('ready');
