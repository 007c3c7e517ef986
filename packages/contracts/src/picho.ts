import { type Static, Type } from "typebox";

const slug = { minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" } as const;

/** `rid`: the resource (the organisation's open column) the picho calls read from. */
export const PichoRidParams = Type.Object({ rid: Type.String(slug) });
export const PichoContentParams = Type.Object({
  rid: Type.String(slug),
  uuid: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9-]+$" }),
});
export const PichoCatalogParams = Type.Object({ rid: Type.String(slug), id: Type.String(slug) });

export const PichoListQuery = Type.Object({
  catalog_id: Type.Optional(Type.String(slug)),
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type PichoListQuery = Static<typeof PichoListQuery>;

/** An item of an open column as lists show it. */
export const PichoContentSummary = Type.Object({
  uuid: Type.String(),
  catalog_id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String({ description: "empty for none" }),
  source: Type.String(),
  publish_at: Type.String({ format: "date-time" }),
  view_count: Type.Integer({ minimum: 0 }),
});
export type PichoContentSummary = Static<typeof PichoContentSummary>;

/** GET /peony/v1/picho/v1/open/{rid}/content/{uuid}. */
export const PichoContent = Type.Object({
  ...PichoContentSummary.properties,
  author: Type.String(),
  catalog_name: Type.String(),
  content: Type.String({ description: "the body, sanitised HTML" }),
  share_link: Type.String({ description: "the page's share link on the public origin" }),
});
export type PichoContent = Static<typeof PichoContent>;

export const PichoContentList = Type.Object({
  list: Type.Array(PichoContentSummary),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type PichoContentList = Static<typeof PichoContentList>;

/** GET /peony/v1/picho/v1/open/{rid}/catalog/{id}: a catalog of the column and its first items. */
export const PichoCatalog = Type.Object({
  id: Type.String(),
  rid: Type.String(),
  name: Type.String(),
  description: Type.String(),
  cover: Type.String(),
  content_count: Type.Integer({ minimum: 0 }),
  /** the column's other catalogs, for the tabs above the list */
  siblings: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  share_link: Type.String({ description: "the page's share link on the public origin" }),
});
export type PichoCatalog = Static<typeof PichoCatalog>;
