/**
 * Baselines for throughput ratios: the smallest Fastify 5 server, answering JSON on `/`; on
 * `/bytes/:n` a ready buffer of n bytes; and on `GET /replay` whatever status, headers and body were
 * last given to `POST /replay` (the bench gives it the cached article page exactly as the product
 * sends it), to tell the cost of an answer's bytes from the cost of the work behind it.
 */
import Fastify from "fastify";

// a baseline runs as the product does: in production mode (the test support's product.ts starts it so)
if (process.env.NODE_ENV !== "production") {
  console.error(
    `hello-world: NODE_ENV is ${process.env.NODE_ENV ?? "unset"}; the bench measures baselines in production mode only`,
  );
  process.exit(2);
}

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
let replay = { status: 200, headers: {} as Record<string, string>, body: Buffer.alloc(0) };
app.post<{ Body: { status: number; headers: Record<string, string>; base64: string } }>("/replay", async (request) => {
  const { status, headers, base64 } = request.body;
  replay = { status, headers, body: Buffer.from(base64, "base64") };
  return { bytes: replay.body.length };
});
app.get("/replay", (_request, reply) => {
  reply.status(replay.status).headers(replay.headers).send(replay.body);
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
