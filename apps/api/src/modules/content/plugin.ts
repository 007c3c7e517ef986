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
    const missing = () => notFound("内容不存在或已下线", ErrorCode.contentUnavailable);
    const accepts = (item: ContentRow, options: AvailableContentOptions) =>
      !unavailableStates.includes(item.state) && (!options.types || options.types.includes(item.content_type));
    const checkMp = (row: ContentRow, options: AvailableContentOptions) => {
      if (options.mp && row.mp_id === null) throw notFound("该内容不是媒体号内容");
    };
    app.decorate("requireAvailableContent", async (publicId: string, options: AvailableContentOptions = {}) => {
      const row = await app.publicIds.require(
        publicId,
        (id) => contents.findById(id),
        missing,
        (item) => accepts(item, options),
      );
      checkMp(row, options);
      return row;
    });
    app.decorate(
      "requireAvailableContentForAnswer",
      async (publicId: string, options: AvailableContentOptions = {}) => {
        const found = await app.publicIds.require(
          publicId,
          (id) => contents.findForAnswer(id, unavailableStates),
          missing,
          ({ row }) => accepts(row, options),
        );
        checkMp(found.row, options);
        return found;
      },
    );
  },
  { name: "contents", dependencies: ["db", "settings"] },
);
