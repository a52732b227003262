// The baselines of the load bench: Fastify with nothing but JSON routes, no logging. `/` is the
// hello-world; `/same` answers whatever object was last POSTed to `/same` (the bench gives it the
// real `GET /api/fields` answer, so the ratio isolates what Ampelos adds to serialising it).
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
let same: unknown = {};
app.get('/', async () => ({ hello: 'world' }));
app.get('/same', async () => same);
app.post('/same', async (request) => {
  same = request.body;
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
