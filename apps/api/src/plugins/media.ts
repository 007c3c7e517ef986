import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { chooseRendition, createSizeLookup, hasRenditions } from "../lib/image-renditions.ts";

/**
 * Files under /media/ (the organisation's pictures, audio and video). A picture is sent as the
 * smallest rendition the browser accepts (AVIF, WebP or the original; `lib/image-renditions.ts`), so
 * the answer varies by `Accept`; everything else is sent as stored. Ranges, ETags and
 * `Last-Modified` come from @fastify/static.
 */
export async function mediaPlugin(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, { root: opts.root, serve: false, maxAge: "1d" });
  const sizeOf = createSizeLookup(opts.root);
  app.get("/media/*", { schema: { hide: true } }, (request, reply) => {
    const path = (request.params as { "*": string })["*"];
    if (hasRenditions(path)) reply.header("vary", "Accept");
    return reply.sendFile(chooseRendition(path, request.headers.accept, sizeOf));
  });
}
