import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ChangeFeed, createChangeFeed } from "../lib/change-feed.ts";
import { type ContentRepository, createContentRepository } from "../modules/content/repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Content items; every change goes through here so caches hear of it. */
    contents: ContentRepository;
    /** Ids of content items that changed in this process. */
    contentChanges: ChangeFeed<number>;
  }
}

export const contentsPlugin = fp(
  async (app: FastifyInstance) => {
    const changes = createChangeFeed<number>();
    app.decorate("contentChanges", changes);
    app.decorate("contents", createContentRepository(app.database.db, { changed: (id) => changes.publish(id) }));
  },
  { name: "contents", dependencies: ["db"] },
);
