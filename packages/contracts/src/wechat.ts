import { type Static, Type } from "typebox";

/**
 * Sharing in WeChat and opening the app (R-SHARE-2..4, R-API-WXCONFIG): the JS-SDK signing config,
 * the site's share config, the deferred deep links and the open-app outcomes.
 */

/** Longest page URL the signing call takes (WeChat itself signs up to about 2 KB of URL). */
export const maxSignedUrlLength = 2048;

/** GET /inner/wxshare/config (getCWXconfig): the page URL without its hash, URL-encoded. */
export const WxSignQuery = Type.Object({
  path: Type.String({
    minLength: 8,
    maxLength: maxSignedUrlLength,
    description: "the page URL (http/https, on the site's origin) without its #hash, URL-encoded once",
  }),
});
export type WxSignQuery = Static<typeof WxSignQuery>;

/** The JS-SDK's wx.config fields (spec §3: the signature field is spelt `signture`). */
export const WxSignConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: "seconds since the epoch" }),
  nonceStr: Type.String(),
  signture: Type.String({ description: "SHA-1 hex of the sorted raw fields (sic: spec spelling)" }),
});
export type WxSignConfig = Static<typeof WxSignConfig>;

/** GET /peony/v1/system/wxshare: the site's share config (spec §3 Share config). */
export const WxShareConfig = Type.Object({
  title: Type.String(),
  desc: Type.String(),
  link: Type.String(),
  imgUrl: Type.String(),
  jssdk: Type.Boolean({ description: "whether getCWXconfig can sign here (WeChat credentials configured)" }),
});
export type WxShareConfig = Static<typeof WxShareConfig>;

/** The alphabet of deferred-link codes: no 0/O, 1/I/L, so a code read aloud or retyped survives. */
export const deferredCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const deferredCodeLength = 8;
/** Codes expire this long after they are minted (R-SHARE-4). */
export const deferredLinkTtlDays = 7;

const DeferredCode = Type.String({
  pattern: `^[${deferredCodeAlphabet}]{${deferredCodeLength}}$`,
  description: "short single-use code",
});

/** POST /peony/v1/deferred-link: mint a code for the item the visitor is on. */
export const DeferredLinkMint = Type.Object({ post_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const DeferredLinkMinted = Type.Object({
  code: DeferredCode,
  expires_at: Type.String({ format: "date-time" }),
});
export type DeferredLinkMinted = Static<typeof DeferredLinkMinted>;

/** POST /peony/v1/deferred-link/resolve: the app, once after install, trades the code for the item. */
export const DeferredLinkResolve = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });
export const DeferredLinkTarget = Type.Object({
  post_id: Type.String(),
  content_type: Type.String(),
  share_link: Type.String(),
  deep_link: Type.String(),
});
export type DeferredLinkTarget = Static<typeof DeferredLinkTarget>;

/** The steps of the open-app chain and what became of one (R-SHARE-3). */
export const openAppSteps = ["wechat_tag", "universal_link", "scheme", "intent", "guide", "download"] as const;
export const openAppOutcomes = ["tried", "opened", "fell_back", "failed"] as const;
export const OpenAppStep = Type.Union(openAppSteps.map((step) => Type.Literal(step)));
export const OpenAppOutcomeKind = Type.Union(openAppOutcomes.map((outcome) => Type.Literal(outcome)));

/** POST /inner/open-app/outcome: one step's outcome, counted per day (nothing about the visitor). */
export const OpenAppOutcome = Type.Object({
  step: OpenAppStep,
  outcome: OpenAppOutcomeKind,
  platform: Type.Union([Type.Literal("ios"), Type.Literal("android"), Type.Literal("other")]),
  in_wechat: Type.Boolean(),
});
export type OpenAppOutcome = Static<typeof OpenAppOutcome>;

export const OpenAppOutcomeCounts = Type.Object({
  list: Type.Array(
    Type.Object({
      day: Type.String({ description: "YYYY-MM-DD (UTC)" }),
      step: Type.String(),
      outcome: Type.String(),
      platform: Type.String(),
      in_wechat: Type.Boolean(),
      count: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type OpenAppOutcomeCounts = Static<typeof OpenAppOutcomeCounts>;
