import { Type } from "typebox";
import {
  Agreement,
  AgreementParams,
  AgreementUpdate,
  AppDownloadQuery,
  AppDownloadUrls,
  AppInfoEnvelopeData,
  AppInfoQuery,
  SiteConfig,
  SiteSettings,
  SiteSettingsAnswer,
} from "../app.ts";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";

const tags = ["app"];

export const group = defineCall({
  method: "GET",
  path: "/peony/v1/group",
  access: "token",
  tags,
  summary: "App info (group)",
  query: AppInfoQuery,
  responses: answers(AppInfoEnvelopeData),
});

export const appInfo = defineCall({
  method: "GET",
  path: "/peony/v1/app/info",
  access: "token",
  tags,
  summary: "App info: theme colour and bottom navigation (data.app_info is JSON)",
  query: AppInfoQuery,
  responses: answers(AppInfoEnvelopeData),
});

export const siteConfig = defineCall({
  method: "GET",
  path: "/inner/static/data",
  access: "token",
  tags,
  summary: "Runtime site config: site name, description, logo",
  responses: answers(SiteConfig),
});

export const agreement = defineCall({
  method: "GET",
  path: "/inner/static/agreement/:kind",
  access: "token",
  tags,
  summary: "The organisation's user agreement (user) or privacy policy (privacy), as paragraphs",
  params: AgreementParams,
  responses: answers(Agreement),
});

export const saveAgreement = defineCall({
  method: "PUT",
  path: "/editor/v1/agreements/:kind",
  access: "editor",
  roles: [],
  tags: ["editor"],
  summary: "Replaces the user agreement or the privacy policy (plain text, a blank line between paragraphs)",
  headers: EditorSessionHeaders,
  params: AgreementParams,
  body: AgreementUpdate,
  responses: answers(Agreement),
});

export const appDownloadUrl = defineCall({
  method: "GET",
  path: "/peony/v1/app/download_url",
  access: "token",
  tags,
  summary: "Where to download the app (spec §7 getH5AppDownUrl, module app_download_url)",
  description:
    "`data` is a JSON string holding `url`: the address for `platform`, else for the platform of the request's user agent (iOS devices get the iOS address, every other the Android one). 404 until editors have set the addresses.",
  query: AppDownloadQuery,
  responses: answers(Type.String({ description: 'JSON string, e.g. {"url":"https://…"}' })),
});

export const saveAppDownloadUrls = defineCall({
  method: "PUT",
  path: "/editor/v1/app/download_urls",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Sets the app's download addresses, one https address per platform",
  headers: EditorSessionHeaders,
  body: AppDownloadUrls,
  responses: answers(AppDownloadUrls),
});

export const siteSettings = defineCall({
  method: "GET",
  path: "/editor/v1/site",
  access: "editor",
  roles: [],
  tags: ["editor"],
  summary: "The site's name, description and logo address, as the site shows them",
  headers: EditorSessionHeaders,
  responses: answers(SiteSettingsAnswer),
});

export const saveSiteSettings = defineCall({
  method: "PUT",
  path: "/editor/v1/site",
  access: "editor",
  roles: [],
  tags: ["editor"],
  summary:
    "Sets the site's name (1–40 characters), description (up to 200) and logo (an https address or a path on the site, or none)",
  headers: EditorSessionHeaders,
  body: SiteSettings,
  responses: answers(SiteSettingsAnswer),
});
