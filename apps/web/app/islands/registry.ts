import type { ComponentType } from "react";

type Loader = () => Promise<ComponentType<never>>;

/**
 * Every island by name, each a dynamic import so Vite puts it in a chunk of its own, fetched only
 * when the island wakes (loader.ts). Types only from React: this module is part of the loader's chunk.
 */
export const islandRegistry = {
  "follow-button": () => import("../features/content/FollowButton.tsx").then((m) => m.FollowButton),
  toaster: () => import("../components/Toaster.tsx").then((m) => m.Toaster),
  // the host wakes on the first login request (boot.ts), or as a login-first control is touched; the
  // popup it opens at once is fetched beside it and handed to it
  "login-host": () =>
    Promise.all([import("../features/account/LoginHost.tsx"), import("../features/account/LoginPopup.tsx")]).then(
      ([host, popup]) => host.loginHostWith(popup.LoginPopup),
    ),
  "open-app-dialog": () => import("../features/open-app/OpenAppDialog.tsx").then((m) => m.OpenAppDialog),
  "open-app-banner": () => import("../features/navigation/OpenAppBanner.tsx").then((m) => m.OpenAppBanner),
  "read-in-app": () => import("../features/content/ReadInApp.tsx").then((m) => m.ReadInApp),
  "comment-list": () => import("../features/comments/CommentList.tsx").then((m) => m.CommentListIsland),
  "comment-footer": () => import("../features/comments/CommentFooter.tsx").then((m) => m.CommentFooterIsland),
  // the page's frame: the mini program's router control, an editor's preview bar, an error page's
  // 重新加载 (decision 058)
  "router-control": () => import("../features/navigation/RouterControl.tsx").then((m) => m.RouterControl),
  "preview-bar": () => import("../features/preview/PreviewBar.tsx").then((m) => m.PreviewBar),
  "error-page": () => import("../features/errors/ErrorPage.tsx").then((m) => m.ErrorPage),
  "debug-console": () => import("../features/debug/DebugConsoleHost.tsx").then((m) => m.DebugConsoleHost),
  // the video, short video, audio, album and gallery pages (decision 059)
  "video-player": () => import("../features/media/MediaPlayer.tsx").then((m) => m.VideoPlayer),
  "audio-player": () => import("../features/media/MediaPlayer.tsx").then((m) => m.AudioPlayer),
  "album-player": () => import("../features/media/AlbumPlayer.tsx").then((m) => m.AlbumPlayer),
  gallery: () => import("../features/media/GalleryStrip.tsx").then((m) => m.GalleryStrip),
  // the dejin pages (clue reports, reporters, topics, the open column), the circle pages, the law
  // Q&A page and the tip pages (decision 061)
  "open-app-button": () => import("../features/open-app/OpenAppButton.tsx").then((m) => m.OpenAppButton),
  "dejin-retry": () => import("../features/dejin/LoadFailed.tsx").then((m) => m.LoadFailedNotice),
  "dejin-more": () => import("../features/dejin/ChannelMore.tsx").then((m) => m.ChannelMore),
  "dejin-comments": () => import("../features/dejin/ReportComments.tsx").then((m) => m.ReportCommentsIsland),
  "dejin-footer": () => import("../features/dejin/DejinFooter.tsx").then((m) => m.DejinFooterIsland),
  "circle-posts": () => import("../features/community/PostsIsland.tsx").then((m) => m.PostsIsland),
  "circle-pictures": () => import("../features/community/PictureGrid.tsx").then((m) => m.PictureGrid),
  "community-footer": () => import("../features/community/CommunityFooter.tsx").then((m) => m.CommunityFooter),
  "law-answers": () => import("../features/community/LawAnswers.tsx").then((m) => m.LawAnswers),
  "tip-form": () => import("../features/tips/TipForm.tsx").then((m) => m.TipForm),
  "tip-receipts": () => import("../features/tips/ReceiptList.tsx").then((m) => m.ReceiptList),
  "tip-receipt": () => import("../features/tips/ReceiptPage.tsx").then((m) => m.ReceiptPage),
  // the activity, invitation, login and bar pages (decision 064)
  "activity-signup": () => import("../features/activity/ActivitySignup.tsx").then((m) => m.ActivitySignup),
  "activity-count": () => import("../features/activity/ActivitySignup.tsx").then((m) => m.ActivityCount),
  "invite-accept": () => import("../features/activity/InviteAccept.tsx").then((m) => m.InviteAccept),
  "auth-login": () => import("../features/account/AuthLogin.tsx").then((m) => m.AuthLogin),
  "nav-bar": () => import("../features/navigation/NavBar.tsx").then((m) => m.NavBarIsland),
  "search-back": () => import("../features/lists/SearchBack.tsx").then((m) => m.SearchBack),
  // the detail and home pages (decision 060): local live, mini program, cloud form, special topic,
  // home; 加载更多 and the h5 cards serve every list page, through PagedList: one chunk with the
  // list's cards, which page-router list pages load whole
  "paged-list": () => import("../features/lists/PagedList.tsx").then((m) => m.LoadMore),
  "special-group": () => import("../features/content/SpecialGroup.tsx").then((m) => m.FoldingGroup),
  "live-room": () => import("../features/live/LiveRoom.tsx").then((m) => m.LiveRoom),
  "cloud-form": () => import("../features/forms/FormView.tsx").then((m) => m.FormView),
  "link-card": () => import("../features/lists/PagedList.tsx").then((m) => m.LinkCard),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof islandRegistry;

export function loadIsland(name: string): Promise<unknown> {
  const load = (islandRegistry as Record<string, Loader | undefined>)[name];
  return load ? load() : Promise.reject(new Error(`no island named ${name}`));
}
