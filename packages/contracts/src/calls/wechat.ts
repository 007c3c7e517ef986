import { Type } from "typebox";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers, ErrorEnvelope } from "../envelope.ts";
import {
  DeferredLinkMint,
  DeferredLinkMinted,
  DeferredLinkResolve,
  DeferredLinkTarget,
  OpenAppOutcome,
  OpenAppOutcomeCounts,
  WxShareConfig,
  WxSignConfig,
  WxSignQuery,
} from "../wechat.ts";

const tags = ["wechat"];

export const wxSignConfig = defineCall({
  method: "GET",
  path: "/inner/wxshare/config",
  access: "token",
  tags,
  summary: "WeChat JS-SDK signing config for a page URL (spec §7 getCWXconfig, R-API-WXCONFIG, R-SHARE-2)",
  description:
    "Signs `path` (the page URL without its hash, URL-encoded) with the official account's jsapi_ticket: SHA-1 over `jsapi_ticket`, `noncestr`, `timestamp` and `url`, sorted by name and joined raw as `k=v&…`. The answer's signature field is spelt `signture` (spec §3). A URL not on the site's origin, with a hash, or longer than 2048 characters is refused with 400. Without WeChat credentials the call answers 404 (not configured); when WeChat fails (down, bad secret, rate-limited) it answers 503 and the page goes on without the SDK.",
  query: WxSignQuery,
  responses: { 200: answers(WxSignConfig)[200], "4xx": ErrorEnvelope, "5xx": ErrorEnvelope },
});

export const wxShare = defineCall({
  method: "GET",
  path: "/peony/v1/system/wxshare",
  access: "token",
  tags,
  summary: "The site's share config for WeChat: title, desc, link, imgUrl (spec §3 Share config)",
  description:
    "What a page shares when it has no card of its own (the home page, lists): the site's name, description and logo, and the site's address, all absolute on PUBLIC_ORIGIN; and `jssdk`, whether the signing call is configured, so pages outside a configured deployment never ask it.",
  responses: answers(WxShareConfig),
});

export const mintDeferredLink = defineCall({
  method: "POST",
  path: "/peony/v1/deferred-link",
  access: "token",
  tags,
  summary: "Mints a short single-use code for an item, for the app to resolve after install (R-SHARE-4)",
  description:
    "The code expires after 7 days and can be resolved once. Nothing about the visitor is stored: only the code, the item and the times.",
  body: DeferredLinkMint,
  responses: answers(DeferredLinkMinted),
});

export const resolveDeferredLink = defineCall({
  method: "POST",
  path: "/peony/v1/deferred-link/resolve",
  access: "token",
  tags,
  summary: "The app, once after install, trades a deferred-link code for its item's deep link (R-SHARE-4)",
  description: "A code resolves once: again, unknown or expired it answers 404.",
  body: DeferredLinkResolve,
  responses: answers(DeferredLinkTarget),
});

export const openAppOutcome = defineCall({
  method: "POST",
  path: "/inner/open-app/outcome",
  access: "public",
  tags,
  summary: "One step of the open-app chain and its outcome: tried, opened, fell back, failed (R-SHARE-3)",
  description: "Counted per day, step, outcome, platform and whether in WeChat; nothing about the visitor is kept.",
  body: OpenAppOutcome,
  responses: answers(Type.Null()),
});

export const openAppOutcomes = defineCall({
  method: "GET",
  path: "/editor/v1/open-app/outcomes",
  access: "editor",
  roles: ["analyst"],
  tags: ["editor"],
  summary: "The open-app chain's outcome counts of the last 30 days, per day",
  headers: EditorSessionHeaders,
  responses: answers(OpenAppOutcomeCounts),
});
