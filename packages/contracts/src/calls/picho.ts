import { defineCall } from "../call.ts";
import { answers } from "../envelope.ts";
import {
  PichoCatalog,
  PichoCatalogParams,
  PichoContent,
  PichoContentList,
  PichoContentParams,
  PichoListQuery,
  PichoRidParams,
} from "../picho.ts";

// the open calls are sent without X-Request-Id (spec §7, R-API-AUTH)
const tags = ["picho"];

export const pichoContent = defineCall({
  method: "GET",
  path: "/peony/v1/picho/v1/open/:rid/content/:uuid",
  access: "optional",
  tags,
  summary: "An item of an open column (news style): title, source, time, cover and sanitised body",
  params: PichoContentParams,
  responses: answers(PichoContent),
  requestId: false,
});

export const pichoContentList = defineCall({
  method: "GET",
  path: "/peony/v1/picho/v1/open/:rid/content",
  access: "optional",
  tags,
  summary: "A page of an open column's items, newest first, optionally of one catalog (catalog_id)",
  params: PichoRidParams,
  query: PichoListQuery,
  responses: answers(PichoContentList),
  requestId: false,
});

export const pichoCatalog = defineCall({
  method: "GET",
  path: "/peony/v1/picho/v1/open/:rid/catalog/:id",
  access: "optional",
  tags,
  summary: "A catalog of an open column: name, description, cover, item count and its sibling catalogs",
  params: PichoCatalogParams,
  responses: answers(PichoCatalog),
  requestId: false,
});
