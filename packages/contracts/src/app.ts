import { type Static, Type } from "typebox";
import { phonePattern } from "./values.ts";

export { agreementKinds, phonePattern } from "./values.ts";

export const Platform = Type.Union([Type.Literal("mobile"), Type.Literal("wap")]);

/**
 * POST /peony/v1/auth. Without `account` it is the anonymous login every visitor makes first
 * (spec §4 Startup); with `account` and `verify_code` (or `password`) it logs a phone in.
 */
export const AuthRequest = Type.Object({
  appid: Type.Integer({ minimum: 1, description: "client application id, 1 for this site" }),
  platform: Platform,
  device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  account: Type.Optional(Type.String({ pattern: phonePattern, description: "phone number" })),
  verify_code: Type.Optional(Type.String({ pattern: "^\\d{6}$", description: "SMS code from /peony/v1/vcode" })),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});
export type AuthRequest = Static<typeof AuthRequest>;

export const AuthResult = Type.Object({
  token: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.String({ format: "date-time" }),
});
export type AuthResult = Static<typeof AuthResult>;

export const SiteConfig = Type.Object({
  site_name: Type.String(),
  descriptions: Type.String(),
  site_logo: Type.String(),
  debug: Type.Boolean({ description: "loads the on-page debug console when true" }),
});
export type SiteConfig = Static<typeof SiteConfig>;

/** The site's name, description and logo as an admin sets them (R-CONSOLE-4). */
export const SiteSettings = Type.Object(
  {
    site_name: Type.String({ minLength: 1, maxLength: 40, pattern: "\\S" }),
    descriptions: Type.String({ maxLength: 200 }),
    site_logo: Type.String({
      pattern: "^(https://[^\\s]+|/[^/\\s][^\\s]*)?$",
      maxLength: 2048,
      description: "an https address, a path on the site's own origin (/media/logo.png), or empty for none",
    }),
  },
  { additionalProperties: false },
);
export type SiteSettings = Static<typeof SiteSettings>;

/** The site's settings as stored (what an older version stored is answered as it is). */
export const SiteSettingsAnswer = Type.Object({
  site_name: Type.String(),
  descriptions: Type.String(),
  site_logo: Type.String(),
});

/** The organisation's legal texts the login popup links to (用户协议, 隐私政策). */
export const AgreementKind = Type.Union([Type.Literal("user"), Type.Literal("privacy")]);
export type AgreementKind = Static<typeof AgreementKind>;
export const AgreementParams = Type.Object({ kind: AgreementKind });

/** GET /inner/static/agreement/{kind}: the text as paragraphs, and when it was last changed. */
export const Agreement = Type.Object({
  kind: AgreementKind,
  title: Type.String(),
  paragraphs: Type.Array(Type.String()),
  updated_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
export type Agreement = Static<typeof Agreement>;

/** PUT /editor/v1/agreements/{kind}: plain text, paragraphs separated by blank lines. */
export const AgreementUpdate = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  content: Type.String({ minLength: 1, maxLength: 100000, description: "plain text; a blank line starts a paragraph" }),
});
export type AgreementUpdate = Static<typeof AgreementUpdate>;

export const NavGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String({ description: "module type, e.g. news, app, dejin, link" }),
});
export type NavGroup = Static<typeof NavGroup>;

export const NavIcons = Type.Object({
  normal: Type.String(),
  selected: Type.String(),
  dark_normal: Type.String(),
  dark_selected: Type.String(),
});

export const NavigationItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  binding: Type.String({ description: "what the item opens, e.g. home, content_model, personal_center" }),
  category: Type.String({ description: "news, app, topic, …" }),
  isHome: Type.Boolean(),
  layout: Type.String(),
  groups: Type.Array(NavGroup),
  icons: NavIcons,
  labelColor: Type.String(),
  labelSelectedColor: Type.String(),
});
export type NavigationItem = Static<typeof NavigationItem>;

export const AppInfo = Type.Object({
  name: Type.String(),
  primaryColor: Type.String({ pattern: "^#[0-9A-Fa-f]{6}$" }),
  bottomNavigationBar: Type.Object({ navigationItems: Type.Array(NavigationItem) }),
});
export type AppInfo = Static<typeof AppInfo>;

/** GET /peony/v1/app/info answers app_info as a JSON string (spec §7). */
export const AppInfoEnvelopeData = Type.Object({
  app_info: Type.String({ description: "AppInfo serialised as JSON" }),
});
export type AppInfoEnvelopeData = Static<typeof AppInfoEnvelopeData>;

export const AppInfoQuery = Type.Object({
  appid: Type.Optional(Type.Integer({ minimum: 1 })),
  platform: Type.Optional(Platform),
});

/** The module name the app download address is asked by (spec §7 getH5AppDownUrl). */
export const appDownloadModule = "app_download_url";
export const AppPlatform = Type.Union([Type.Literal("ios"), Type.Literal("android")]);
export type AppPlatform = Static<typeof AppPlatform>;

/** GET /peony/v1/app/download_url. */
export const AppDownloadQuery = Type.Object({
  moduleName: Type.Literal(appDownloadModule),
  platform: Type.Optional(AppPlatform),
});

/** The address a download link opens: an https page of an app store or the organisation's own. */
const DownloadAddress = Type.String({ pattern: "^https://[^\\s]+$", maxLength: 2048 });

/** The download addresses editors set, one per platform. */
export const AppDownloadUrls = Type.Object({ ios: DownloadAddress, android: DownloadAddress });
export type AppDownloadUrls = Static<typeof AppDownloadUrls>;
