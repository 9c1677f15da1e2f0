/**
 * The benchmark's baseline: a bare Fastify route that answers the same product list
 * from memory (fetched once from the shop at start). Listens on 127.0.0.1:$PORT.
 */
import Fastify from 'fastify';

const source = process.env.PRODUCTS_URL;
if (!source) throw new Error('PRODUCTS_URL is required');
const products = await (await fetch(source)).json();
const app = Fastify({ logger: false });
app.get('/products', async () => products);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
