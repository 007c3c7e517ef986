import { calls } from "@davmu/contracts/calls";
import { unavailableStates } from "@davmu/contracts/content";
import type { PreviewDraft } from "@davmu/contracts/preview";
import { previewDefaultMinutes } from "@davmu/contracts/preview";
import { siteBasePath } from "@davmu/contracts/site-path";
import type { FastifyInstance } from "fastify";
import { forbidden, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { contentPath, toContentItem } from "../content/present.ts";
import type { ContentRow } from "../content/repository.ts";
import { createPreviewRepository } from "./repository.ts";
import { previewedSpecial } from "./special.ts";
import { checkClaims, mintToken, previewKey, readToken } from "./token.ts";

const refusals = {
  forged: "预览链接无效",
  expired: "预览链接已过期",
  revoked: "预览链接已失效，内容已更新",
  "other-item": "预览链接与内容不符",
  "other-actor": "预览链接与预览人不符",
} as const;

/** The stored item with its draft revision's fields in their place. */
function withDraft(row: ContentRow, draft: PreviewDraft | null): ContentRow {
  if (!draft) return row;
  return {
    ...row,
    title: draft.title ?? row.title,
    summary: draft.summary ?? row.summary,
    body_html: draft.body_html ?? row.body_html,
    // a draft's body was never cleaned: it is cleaned as it is served (decisions 090, 091)
    ...(draft.body_html == null ? {} : { body_clean_version: 0, body_clean_seal: "" }),
    cover_url: draft.cover_url ?? row.cover_url,
    thumb_url: draft.cover_url ?? row.thumb_url,
  };
}

/** Editors' previews (R-PREVIEW-1): minting and revoking links, and the item as a link shows it. */
export async function previewRoutes(app: FastifyInstance) {
  const key = previewKey(app.config.previewSecret, app.config.otpSecret);
  const links = app.contentLinks;

  /** The item an id names: its public id or, as in preview (R-ROUTE-5), its internal number. */
  const internalId = (id: string) => app.publicIds.decode(id) ?? (/^[1-9]\d{0,9}$/.test(id) ? Number(id) : null);

  /** Any item, whatever its state: previews are for what is not published. */
  const anyItem = async (id: string) => {
    const internal = internalId(id);
    const row = internal === null ? undefined : await app.contents.findById(internal);
    if (!row) throw notFound("内容不存在");
    return row;
  };

  route(app, calls.mintPreview, async (request) => {
    const { editor, minutes = previewDefaultMinutes, draft } = request.body;
    const row = await anyItem(request.params.id);
    // a draft is saved with its audit record; a link of the current revision changes nothing stored
    const revision = draft
      ? await app.auditedChange(request, `preview:${request.params.id}`, async (trx) => {
          const inTransaction = createPreviewRepository(trx);
          const before = await inTransaction.state(row.id);
          const after = await inTransaction.bump(row.id, editor, draft);
          return { result: after, before, after: { revision: after, draft } };
        })
      : (await app.previews.state(row.id)).revision;
    const expiresAt = Date.now() + minutes * 60_000;
    const token = mintToken(key, { contentId: row.id, revision, expiresAt, editor });
    const actor = `preview-${editor}`;
    // the item's own page, under the preview actor
    const path = contentPath(row, links).replace(/^\/[^/]+\/[^/]+\/[^/]+/, `${siteBasePath}/${actor}`);
    const url = `${app.config.publicOrigin}${path}?token=${token}`;
    await app.previews.recordLink({
      content_id: row.id,
      revision,
      editor,
      minted_by: request.editorActor?.id ?? null,
      expires_at: expiresAt,
      created_at: Date.now(),
    });
    request.log.info({ item: row.id, editor, revision, expiresAt }, "preview link minted");
    return {
      code: 0,
      msg: "ok",
      data: { url, token, actor, revision, expired_at: new Date(expiresAt).toISOString() },
    };
  });

  route(app, calls.previewLinks, async (request) => {
    const rows = await app.previews.activeLinks(Date.now(), request.query.limit);
    const list = await Promise.all(
      rows.map(async (link) => ({
        post_id: app.publicIds.encode(link.content_id),
        title: link.title,
        editor: link.editor,
        made_by: link.minted_by === null ? "" : await app.editors.nameOf(link.minted_by),
        revision: link.revision,
        made_at: new Date(link.created_at).toISOString(),
        expired_at: new Date(link.expires_at).toISOString(),
      })),
    );
    return { code: 0, msg: "ok", data: { list } };
  });

  route(app, calls.revokePreviews, async (request) => {
    const row = await anyItem(request.params.id);
    const revision = await app.auditedChange(request, `preview:${request.params.id}`, async (trx) => {
      const inTransaction = createPreviewRepository(trx);
      const before = (await inTransaction.state(row.id)).revision;
      const after = await inTransaction.bump(row.id, request.editorActor?.name ?? "");
      return { result: after, before: { revision: before }, after: { revision: after } };
    });
    request.log.info({ item: row.id, revision }, "preview links revoked");
    return { code: 0, msg: "ok", data: { revision } };
  });

  /**
   * The item of a preview request and the claims of its token, or 403 with the reason. The site skips
   * its id check for a preview actor (R-ROUTE-5), so the token is checked before the id is looked at:
   * without a signed grant for the very item the id names, nothing is read, and a preview path tells
   * nobody which ids exist (unknown and existing ids are refused alike).
   */
  async function previewed(id: string, query: { token: string; actor: string }) {
    const claims = readToken(key, query.token);
    if (!claims) throw forbidden(refusals.forged);
    if (internalId(id) !== claims.contentId) throw forbidden(refusals["other-item"]);
    const row = await app.contents.findById(claims.contentId);
    if (!row) throw notFound("内容不存在");
    const state = await app.previews.state(row.id);
    const check = checkClaims(claims, {
      contentId: row.id,
      revision: state.revision,
      actor: query.actor,
      now: Date.now(),
    });
    if (!check.ok) throw forbidden(refusals[check.reason]);
    return { row: withDraft(row, state.draft), expiredAt: new Date(check.claims.expiresAt).toISOString() };
  }

  route(app, calls.previewDetail, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const { row, expiredAt } = await previewed(request.params.id, request.query);
    const [related, mp] = await Promise.all([
      app.contents.relatedTo(row.id, unavailableStates),
      row.mp_id === null ? null : app.contents.findMediaAccount(row.mp_id),
    ]);
    const item = toContentItem(row, related, mp ?? null, links);
    return { code: 0, msg: "ok", data: { ...item, expired_at: expiredAt } };
  });

  // specials have their own shape (sections and groups), so their preview has its own call
  route(app, calls.previewSpecial, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const { row, expiredAt } = await previewed(request.params.id, request.query);
    if (row.content_type !== "special") throw notFound("该内容不是专题");
    return { code: 0, msg: "ok", data: { ...(await previewedSpecial(app, row)), expired_at: expiredAt } };
  });
}
