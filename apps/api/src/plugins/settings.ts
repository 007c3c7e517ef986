import { createPublicIdCodec, type PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ApiError } from "../lib/api-error.ts";
import type { Config } from "./config.ts";

/** Public ids of rows, and the one way a handler turns a public id into its row or a 404. */
export interface PublicIds extends PublicIdCodec {
  /**
   * Decodes a public id and finds its row: the row when it exists and `accept` takes it, else the
   * error `missing` makes (an undecodable id is as missing as an unknown one).
   */
  require<T>(
    publicId: string,
    find: (id: number) => Promise<T | undefined | null>,
    missing: () => ApiError,
    accept?: (row: T) => boolean,
  ): Promise<T>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The validated configuration (plugins/config.ts). */
    config: Config;
    publicIds: PublicIds;
  }
}

/** The configuration and the public-id codec, for every plugin and module of the app. */
export const settingsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const codec = createPublicIdCodec(opts.config.hashidSalt, opts.config.hashidMinLength);
    app.decorate("config", opts.config);
    app.decorate("publicIds", {
      ...codec,
      async require(publicId, find, missing, accept) {
        const id = codec.decode(publicId);
        const row = id === null ? undefined : await find(id);
        if (row === undefined || row === null || (accept && !accept(row))) throw missing();
        return row;
      },
    } satisfies PublicIds);
  },
  { name: "settings" },
);
