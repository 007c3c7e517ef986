import { isAppLink, isWebAddress } from "@davmu/contracts/addresses";
import {
  EditorContentItem,
  type EditorImportResult,
  type EditorContentItem as EditorItem,
  type EditorItemError,
} from "@davmu/contracts/editor-content";
import type { Kysely, Transaction } from "kysely";
import { Compile } from "typebox/compile";
import type { Database } from "../../db/schema.ts";
import { storedArticleBody } from "../../lib/sanitize-html.ts";
import { type ImportedContent, type ImportedMember, ingestStore } from "./ingest-repository.ts";
import type { ContentDetail } from "./present.ts";
import { indexContentForSearch } from "./repository.ts";

const checkItem = Compile(EditorContentItem);

export type ImportCheck = { ok: true; items: EditorItem[] } | { ok: false; errors: EditorItemError[] };

function externalIdOf(value: unknown): string | null {
  const id = value && typeof value === "object" ? (value as { external_id?: unknown }).external_id : undefined;
  return typeof id === "string" ? id : null;
}

/** Every reference of an item to another item, with the field that holds it. */
function referencesOf(item: EditorItem): { field: string; externalId: string }[] {
  const refs: { field: string; externalId: string }[] = [];
  item.tracks?.forEach((id, i) => {
    refs.push({ field: `/tracks/${i}`, externalId: id });
  });
  item.relations?.forEach((id, i) => {
    refs.push({ field: `/relations/${i}`, externalId: id });
  });
  item.groups?.forEach((group, g) => {
    group.items.forEach((id, i) => {
      refs.push({ field: `/groups/${g}/items/${i}`, externalId: id });
    });
  });
  return refs;
}

/** Every address an item carries, with the field that holds it; `app` marks the app's own link. */
function addressesOf(item: EditorItem): { field: string; address: string; app?: boolean }[] {
  const found: { field: string; address: string; app?: boolean }[] = [];
  const add = (field: string, address: string | undefined, app = false) => {
    // an empty address is an absent one
    if (address) found.push({ field, address, ...(app ? { app } : {}) });
  };
  add("/cover_url", item.cover_url);
  add("/thumb_url", item.thumb_url);
  add("/payload/url", item.payload?.url);
  add("/payload/app_url", item.payload?.app_url, true);
  const media = item.media;
  add("/media/video/src", media?.video?.src);
  add("/media/video/poster", media?.video?.poster);
  add("/media/audio/src", media?.audio?.src);
  add("/media/audio/cover", media?.audio?.cover);
  add("/media/mini_program/logo", media?.mini_program?.logo);
  const pictures = (field: string, images: { url: string; thumb: string }[] | undefined) =>
    images?.forEach((image, i) => {
      add(`${field}/${i}/url`, image.url);
      add(`${field}/${i}/thumb`, image.thumb);
    });
  pictures("/media/images", media?.images);
  pictures("/media/live/images", media?.live?.images);
  media?.live?.playlists.forEach((stream, i) => {
    add(`/media/live/playlists/${i}/cover`, stream.cover);
    add(`/media/live/playlists/${i}/play_url`, stream.play_url);
  });
  return found;
}

/**
 * Validates a batch as a whole (R-SRV-5): each item against the contract, its addresses ones a page
 * may use (a path of the site or an http(s) URL; an app link in any scheme a browser does not run),
 * external ids unique in the batch, media accounts known, references to items of the batch or
 * already stored.
 */
export async function checkImport(db: Kysely<Database>, batch: readonly unknown[]): Promise<ImportCheck> {
  const errors: EditorItemError[] = [];
  const items: EditorItem[] = [];
  const seen = new Map<string, number>();
  batch.forEach((value, index) => {
    const externalId = externalIdOf(value);
    if (!checkItem.Check(value)) {
      for (const error of checkItem.Errors(value)) {
        errors.push({ index, external_id: externalId, field: error.instancePath || "/", message: error.message });
      }
      return;
    }
    const item = value as EditorItem;
    const unsafe = addressesOf(item).filter(({ address, app }) => !(app ? isAppLink(address) : isWebAddress(address)));
    for (const { field, app } of unsafe) {
      errors.push({
        index,
        external_id: item.external_id,
        field,
        message: app
          ? "must be an app link (a scheme of its own, or http(s)); javascript:, data: and the like are refused"
          : "must be a path of the site (/…) or an http(s) address",
      });
    }
    if (unsafe.length) return;
    const first = seen.get(item.external_id);
    if (first !== undefined) {
      errors.push({
        index,
        external_id: item.external_id,
        field: "/external_id",
        message: `duplicates item ${first} of the batch`,
      });
      return;
    }
    seen.set(item.external_id, index);
    items.push(item);
  });

  const mpKeys = [...new Set(items.flatMap((item) => (item.mp_key ? [item.mp_key] : [])))];
  const knownMp = new Set(await ingestStore.knownMediaAccountKeys(db, mpKeys));
  const outside = [
    ...new Set(items.flatMap((item) => referencesOf(item).map((r) => r.externalId)).filter((id) => !seen.has(id))),
  ];
  const stored = new Set((await ingestStore.contentIdsByExternalId(db, outside)).keys());
  for (const item of items) {
    const index = seen.get(item.external_id) as number;
    if (item.mp_key && !knownMp.has(item.mp_key)) {
      errors.push({ index, external_id: item.external_id, field: "/mp_key", message: "unknown media account" });
    }
    for (const ref of referencesOf(item)) {
      if (!seen.has(ref.externalId) && !stored.has(ref.externalId)) {
        errors.push({
          index,
          external_id: item.external_id,
          field: ref.field,
          message: `no content item with external_id ${ref.externalId}`,
        });
      }
    }
  }
  errors.sort((a, b) => a.index - b.index);
  return errors.length ? { ok: false, errors } : { ok: true, items };
}

function detailOf(item: EditorItem): ContentDetail {
  const detail: ContentDetail = { ...(item.media ?? {}) };
  if (item.sections) detail.sections = item.sections;
  if (item.groups) detail.groups = item.groups.map((g) => ({ name: g.name, collapse: g.collapse === true }));
  return detail;
}

export interface ImportOptions {
  now?: number;
  /** Called after each item is written. */
  onProgress?: (done: number, total: number) => void;
  /** Public id of a database id, for the answer (database ids as text when absent). */
  encode?: (id: number) => string;
  /** Runs in the import's transaction once every item is written (its audit record, R-CONSOLE-3). */
  onWritten?: (trx: Transaction<Database>, result: EditorImportResult) => Promise<void>;
}

const isAlbum = (item: EditorItem) => item.content_type === "audio_album" || item.content_type === "video_album";

/**
 * Writes a checked batch inside the caller's transaction: items upserted by external id, then the
 * members and relations of the items that list them replaced. `onProgress` follows each item.
 */
export async function writeImport(
  trx: Kysely<Database>,
  items: readonly EditorItem[],
  options: ImportOptions = {},
): Promise<EditorImportResult> {
  const now = options.now ?? Date.now();
  const mpKeys = [...new Set(items.flatMap((item) => (item.mp_key ? [item.mp_key] : [])))];
  const mpIds = await ingestStore.mediaAccountIds(trx, mpKeys);
  const ids = new Map<string, number>();
  const result: EditorImportResult = { created: 0, updated: 0, items: [] };
  let done = 0;
  for (const item of items) {
    const existing = await ingestStore.contentByExternalId(trx, item.external_id);
    const albumStatus = item.album_status ?? (isAlbum(item) ? { status: 0, total: item.tracks?.length ?? 0 } : null);
    const commentsOpen = item.comment_available ?? true;
    const values: ImportedContent = {
      content_type: item.content_type,
      group_id: item.group_id ?? null,
      title: item.title,
      summary: item.summary ?? "",
      source_alias: item.source_alias ?? "",
      // cleaned as it is written, served as stored (decision 090)
      ...storedArticleBody(item.body_html ?? ""),
      cover_url: item.cover_url ?? "",
      thumb_url: item.thumb_url ?? "",
      publish_at: Date.parse(item.publish_at),
      view_count: item.view_count ?? 0,
      like_count: item.like_count ?? 0,
      collect_count: item.collect_count ?? 0,
      duration_str: item.duration_str ?? "",
      pic_num: item.media?.images?.length ?? 0,
      payload_json: JSON.stringify(item.payload ?? {}),
      state: item.state ?? 0,
      comment_available: commentsOpen ? 1 : 0,
      enable_comment: commentsOpen ? 1 : 0,
      mp_id: item.mp_key ? (mpIds.get(item.mp_key) ?? null) : null,
      album_status: albumStatus ? albumStatus.status : null,
      album_total: albumStatus ? albumStatus.total : null,
      expired_at: null,
      detail_json: JSON.stringify(detailOf(item)),
      recommend_position: item.recommend_position ?? null,
      updated_at: now,
    };
    let id: number;
    if (existing) {
      await ingestStore.updateContent(trx, existing.id, values);
      id = existing.id;
      result.updated += 1;
    } else {
      id = await ingestStore.insertContent(trx, values, item.external_id, now);
      result.created += 1;
    }
    // imported titles are searchable at once (modules/search)
    await indexContentForSearch(trx, id, item.title);
    ids.set(item.external_id, id);
    result.items.push({ external_id: item.external_id, post_id: "", created: !existing });
    done += 1;
    options.onProgress?.(done, items.length);
  }

  const referenced = [...new Set(items.flatMap((item) => referencesOf(item).map((r) => r.externalId)))].filter(
    (id) => !ids.has(id),
  );
  for (const [externalId, id] of await ingestStore.contentIdsByExternalId(trx, referenced)) ids.set(externalId, id);
  const idOf = (externalId: string) => ids.get(externalId) as number;

  for (const item of items) {
    const id = idOf(item.external_id);
    const members: ImportedMember[] = [];
    if (item.tracks) {
      item.tracks.forEach((ref, position) => {
        members.push({ parent_id: id, member_id: idOf(ref), group_index: 0, position });
      });
    }
    if (item.groups) {
      item.groups.forEach((group, groupIndex) => {
        group.items.forEach((ref, position) => {
          members.push({ parent_id: id, member_id: idOf(ref), group_index: groupIndex, position });
        });
      });
    }
    if (item.tracks || item.groups) {
      // a member listed twice in one group keeps its first place
      const unique = members.filter(
        (m, i) => members.findIndex((o) => o.group_index === m.group_index && o.member_id === m.member_id) === i,
      );
      await ingestStore.replaceMembers(trx, id, unique);
    }
    if (item.relations) {
      const related = [...new Set(item.relations.map(idOf))].filter((relatedId) => relatedId !== id);
      await ingestStore.replaceRelations(trx, id, related);
    }
  }
  const encode = options.encode ?? String;
  result.items = result.items.map((entry) => ({ ...entry, post_id: encode(idOf(entry.external_id)) }));
  return result;
}

export type ImportOutcome = { ok: true; result: EditorImportResult } | { ok: false; errors: EditorItemError[] };

/** Checks then writes a batch, all or nothing. */
export async function importContents(
  db: Kysely<Database>,
  batch: readonly unknown[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const checked = await checkImport(db, batch);
  if (!checked.ok) return checked;
  const result = await ingestStore.inTransaction(db, async (trx) => {
    const written = await writeImport(trx, checked.items, options);
    if (options.onWritten) await options.onWritten(trx, written);
    return written;
  });
  return { ok: true, result };
}
