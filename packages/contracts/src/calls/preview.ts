import { defineCall } from "../call.ts";
import { ContentItem } from "../content.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";
import {
  MintPreviewBody,
  PreviewDetailQuery,
  PreviewIdParams,
  PreviewLink,
  PreviewLinkList,
  PreviewLinkQuery,
  PreviewRevision,
  PreviewSpecial,
} from "../preview.ts";

export const previewDetail = defineCall({
  method: "GET",
  path: "/inner/preview/document/detail/:id",
  access: "token",
  tags: ["content"],
  summary:
    "An item as its preview link shows it (any state, its draft revision): a forged, expired or revoked token, or another actor, answers 403",
  params: PreviewIdParams,
  query: PreviewDetailQuery,
  responses: answers(ContentItem),
});

export const previewSpecial = defineCall({
  method: "GET",
  path: "/inner/preview/special/:id",
  access: "token",
  tags: ["content"],
  summary:
    "A special as its preview link shows it (any state, its draft revision, its groups' published items): a forged, expired or revoked token, or another actor, answers 403",
  params: PreviewIdParams,
  query: PreviewDetailQuery,
  responses: answers(PreviewSpecial),
});

export const mintPreview = defineCall({
  method: "POST",
  path: "/editor/v1/preview/:id",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary:
    "Mints a signed preview link for an item in any state (actor preview-{editor}, 30 minutes unless told); a draft given is saved as the item's next revision",
  headers: EditorSessionHeaders,
  params: PreviewIdParams,
  body: MintPreviewBody,
  responses: answers(PreviewLink),
});

export const revokePreviews = defineCall({
  method: "POST",
  path: "/editor/v1/preview/:id/revoke",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Bumps the item's preview revision: every link minted before answers as expired",
  headers: EditorSessionHeaders,
  params: PreviewIdParams,
  responses: answers(PreviewRevision),
});

export const previewLinks = defineCall({
  method: "GET",
  path: "/editor/v1/previews",
  access: "editor",
  roles: ["editor"],
  tags: ["editor"],
  summary: "Every editor's preview links that still work (not expired, not revoked), soonest to expire first",
  headers: EditorSessionHeaders,
  query: PreviewLinkQuery,
  responses: answers(PreviewLinkList),
});
