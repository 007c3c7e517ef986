/**
 * Baselines for throughput ratios: the smallest Fastify 5 server, answering JSON on `/`, and on
 * `/bytes/:n` a ready buffer of n bytes (to tell the cost of a response's size from the cost of the
 * work behind it).
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
const buffers = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>("/bytes/:n", async (request, reply) => {
  const n = Math.min(1 << 20, Number(request.params.n) || 0);
  let body = buffers.get(n);
  if (!body) {
    body = Buffer.alloc(n, "a");
    buffers.set(n, body);
  }
  return reply.type("text/html; charset=utf-8").send(body);
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
