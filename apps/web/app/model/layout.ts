import type { ContentType } from "@davmu/contracts/content";

/** Where a page is shown: inside a WeChat mini program's web view, and on a phone or not. */
export interface PageEnvironment {
  miniProgram: boolean;
  mobile: boolean;
}

/** What the docDetail layout shows around a detail page (R-LAYOUT-3). */
export interface DetailLayout {
  /** the open-app banner at the top */
  header: boolean;
  /** related items, comments and recommendations at the bottom */
  bottomLists: boolean;
  commentFooter: boolean;
  /** back and home buttons, since a mini program's web view has no browser bar */
  routerControl: boolean;
  loginPopup: boolean;
}

const withoutBottomLists: readonly ContentType[] = ["image", "audio_album", "svideo", "special", "local_live"];
const withoutCommentFooter: readonly ContentType[] = ["audio_album", "svideo", "special", "local_live"];
const liveTypes: readonly ContentType[] = ["local_live", "live"];

/**
 * docDetail: header unless in the mini program or on a mobile live page; related items, comments
 * and recommendations except for gallery, audio_album, svideo, special and local_live; comment
 * footer except for audio_album, svideo, special and local_live; router control and login popup
 * in the mini program.
 */
export function decideDetailLayout(contentType: ContentType, env: PageEnvironment): DetailLayout {
  const mobileLive = env.mobile && liveTypes.includes(contentType);
  return {
    header: !env.miniProgram && !mobileLive,
    bottomLists: !withoutBottomLists.includes(contentType),
    commentFooter: !withoutCommentFooter.includes(contentType),
    routerControl: env.miniProgram,
    loginPopup: env.miniProgram,
  };
}

/** listPage (R-LAYOUT-4): the header, or in the mini program a footer, router control and login popup. */
export function decideListLayout(env: PageEnvironment) {
  return {
    header: !env.miniProgram,
    footer: env.miniProgram,
    routerControl: env.miniProgram,
    loginPopup: env.miniProgram,
  };
}

/** dejin (R-LAYOUT-2): header and content everywhere, the comment footer on the detail page. */
export function decideDejinLayout(page: "catalog" | "content" | "detail" | "personal" | "topic") {
  return { header: true, commentFooter: page === "detail" };
}
