import { unavailableStates } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notFound } from "../../lib/api-error.ts";
import { type ChangeFeed, createChangeFeed } from "../../lib/change-feed.ts";
import type { LinkContext } from "./present.ts";
import {
  type ContentForAnswer,
  type ContentRepository,
  type ContentRow,
  createContentRepository,
} from "./repository.ts";

export interface AvailableContentOptions {
  /** Only items of these types count (others answer as missing). */
  types?: readonly string[];
  /** Only a media account's items count (a media-account call on the organisation's own item is refused). */
  mp?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Content items; every change goes through here so caches hear of it. */
    contents: ContentRepository;
    /** Ids of content items that changed in this process. */
    contentChanges: ChangeFeed<number>;
    /**
     * The published item a public id names, else 404 with code 10024 (R-CONTENT-1): the one guard of
     * every call about a content item.
     */
    requireAvailableContent(publicId: string, options?: AvailableContentOptions): Promise<ContentRow>;
    /**
     * The same guard, answering the item with its published related items and its media account, read
     * in one statement (decision 092): the content answer's miss.
     */
    requireAvailableContentForAnswer(publicId: string, options?: AvailableContentOptions): Promise<ContentForAnswer>;
    /** What share links of content are built from: public ids, the public origin, the site's actor. */
    contentLinks: LinkContext;
  }
}

export const contentsPlugin = fp(
  async (app: FastifyInstance) => {
    const changes = createChangeFeed<number>();
    const contents = createContentRepository(app.database.db, app.database.dialect, {
      changed: (id) => changes.publish(id),
    });
    app.decorate("contentChanges", changes);
    app.decorate("contents", contents);
    app.decorate("contentLinks", {
      codec: app.publicIds,
      publicOrigin: app.config.publicOrigin,
      siteActor: app.config.siteActor,
    });
    /** The one guard of both forms: what `find` answers for the public id, if its row is available. */
    async function requireAvailable<T>(
      publicId: string,
      find: (id: number) => Promise<T | undefined>,
      rowOf: (found: T) => ContentRow,
      options: AvailableContentOptions,
    ): Promise<T> {
      const found = await app.publicIds.require(
        publicId,
        find,
        () => notFound("内容不存在或已下线", ErrorCode.contentUnavailable),
        (item) => {
          const row = rowOf(item);
          return !unavailableStates.includes(row.state) && (!options.types || options.types.includes(row.content_type));
        },
      );
      if (options.mp && rowOf(found).mp_id === null) throw notFound("该内容不是媒体号内容");
      return found;
    }
    app.decorate("requireAvailableContent", (publicId: string, options: AvailableContentOptions = {}) =>
      requireAvailable(
        publicId,
        (id) => contents.findById(id),
        (row) => row,
        options,
      ),
    );
    app.decorate("requireAvailableContentForAnswer", (publicId: string, options: AvailableContentOptions = {}) =>
      requireAvailable(
        publicId,
        (id) => contents.findForAnswer(id, unavailableStates),
        ({ row }) => row,
        options,
      ),
    );
  },
  { name: "contents", dependencies: ["db", "settings"] },
);
