import { Agreement, AgreementParams, AgreementUpdate, AppInfoEnvelopeData, AppInfoQuery, SiteConfig } from "../app.ts";
import { answers, defineCall } from "../call.ts";
import { EditorKeyHeaders } from "./editor-headers.ts";

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
  tags: ["editor"],
  summary: "Replaces the user agreement or the privacy policy (plain text, a blank line between paragraphs)",
  headers: EditorKeyHeaders,
  params: AgreementParams,
  body: AgreementUpdate,
  responses: answers(Agreement),
});
