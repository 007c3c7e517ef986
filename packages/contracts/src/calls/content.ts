import { defineCall } from "../call.ts";
import {
  AlbumQuery,
  AlbumTracks,
  AlbumTracksParams,
  AlbumTracksQuery,
  CardList,
  ContentIdParams,
  ContentItem,
  ContentList,
  ContentListQuery,
  HotQuery,
  RecommendList,
  RecommendQuery,
  SpecialDetail,
  SpecialQuery,
} from "../content.ts";
import { EditorImportBody, EditorImportRejected, EditorImportResult } from "../editor-content.ts";
import { answers, Envelope, ErrorEnvelope } from "../envelope.ts";
import { EditorKeyHeaders } from "./editor-headers.ts";

const tags = ["content"];

export const content = defineCall({
  method: "GET",
  path: "/inner/static/content/:id",
  access: "token",
  tags,
  summary: "A content item by its public id",
  params: ContentIdParams,
  responses: answers(ContentItem),
});

export const contentList = defineCall({
  method: "GET",
  path: "/peony/v1/content",
  access: "token",
  tags,
  summary: "A page of content, newest first, optionally of one group (gid)",
  query: ContentListQuery,
  responses: answers(ContentList),
});

export const audioAlbum = defineCall({
  method: "GET",
  path: "/inner/v3/album/audio/:id",
  access: "token",
  tags,
  summary: "The first tracks of an audio album (limit, 30 by default)",
  params: ContentIdParams,
  query: AlbumQuery,
  responses: answers(AlbumTracks),
});

export const videoAlbum = defineCall({
  method: "GET",
  path: "/inner/v3/album/video/:id",
  access: "token",
  tags,
  summary: "The first tracks of a video album (limit, 30 by default)",
  params: ContentIdParams,
  query: AlbumQuery,
  responses: answers(AlbumTracks),
});

export const albumTracks = defineCall({
  method: "GET",
  path: "/peony/v3/album/tracks/:series/:uid",
  access: "token",
  tags,
  summary: "A page of an album's tracks (series audio or video, uid the album's public id)",
  params: AlbumTracksParams,
  query: AlbumTracksQuery,
  responses: answers(AlbumTracks),
});

export const albumRelates = defineCall({
  method: "GET",
  path: "/inner/v3/albums/relates/:id",
  access: "token",
  tags,
  summary: "Albums related to an album: its editors' relations, else the latest albums of its kind",
  params: ContentIdParams,
  responses: answers(CardList),
});

export const special = defineCall({
  method: "GET",
  path: "/inner/special",
  access: "token",
  tags,
  summary: "A special topic: sections and a page of its groups, each with a batch of its items",
  query: SpecialQuery,
  responses: answers(SpecialDetail),
});

export const hot72 = defineCall({
  method: "GET",
  path: "/inner/static/hot72",
  access: "token",
  tags,
  summary: "Hot list: published in the last 72 hours, most viewed first",
  query: HotQuery,
  responses: answers(CardList),
});

export const recommend = defineCall({
  method: "GET",
  path: "/peony/v1/recommend",
  access: "token",
  tags,
  summary: "The editors' recommended list, in their order (page, size 10)",
  query: RecommendQuery,
  responses: answers(RecommendList),
});

export const importContents = defineCall({
  method: "POST",
  path: "/editor/v1/contents",
  access: "editor",
  roles: ["editor"],
  importKey: true,
  tags: ["editor"],
  summary:
    "Imports content items of any type, idempotent by external_id: all of the batch or, with a 400 naming each bad item and field, none of it",
  headers: EditorKeyHeaders,
  body: EditorImportBody,
  responses: { 200: Envelope(EditorImportResult), 400: EditorImportRejected, "4xx": ErrorEnvelope },
});
