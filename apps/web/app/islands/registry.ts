import type { ComponentType } from "react";

type Loader = () => Promise<ComponentType<never>>;

/**
 * Every island by name, each a dynamic import so Vite puts it in a chunk of its own, fetched only
 * when the island wakes (loader.ts). Types only from React: this module is part of the loader's chunk.
 */
export const islandRegistry = {
  "follow-button": () => import("../components/FollowButton.tsx").then((m) => m.FollowButton),
  toaster: () => import("../components/Toaster.tsx").then((m) => m.Toaster),
  "login-host": () => import("../components/LoginHost.tsx").then((m) => m.LoginHost),
  "open-app-dialog": () => import("../components/OpenAppDialog.tsx").then((m) => m.OpenAppDialog),
  "open-app-banner": () => import("../components/OpenAppBanner.tsx").then((m) => m.OpenAppBanner),
  "read-in-app": () => import("../components/ReadInApp.tsx").then((m) => m.ReadInApp),
  "comment-list": () => import("../components/CommentList.tsx").then((m) => m.CommentListIsland),
  "comment-footer": () => import("../components/CommentFooter.tsx").then((m) => m.CommentFooterIsland),
  // the video, short video, audio, album and gallery pages (decision 059)
  "video-player": () => import("../components/MediaPlayer.tsx").then((m) => m.VideoPlayer),
  "audio-player": () => import("../components/MediaPlayer.tsx").then((m) => m.AudioPlayer),
  "album-player": () => import("../components/AlbumPlayer.tsx").then((m) => m.AlbumPlayer),
  gallery: () => import("../components/GalleryStrip.tsx").then((m) => m.GalleryStrip),
  // the dejin pages (clue reports, reporters, topics, the open column), the circle pages, the law
  // Q&A page and the tip pages (decision 061)
  "open-app-button": () => import("../components/community/OpenAppButton.tsx").then((m) => m.OpenAppButton),
  "dejin-retry": () => import("../components/dejin/LoadFailed.tsx").then((m) => m.LoadFailedNotice),
  "dejin-more": () => import("../components/dejin/ChannelMore.tsx").then((m) => m.ChannelMore),
  "dejin-comments": () => import("../components/dejin/ReportComments.tsx").then((m) => m.ReportCommentsIsland),
  "dejin-footer": () => import("../components/dejin/DejinFooter.tsx").then((m) => m.DejinFooterIsland),
  "circle-posts": () => import("../components/community/PostsIsland.tsx").then((m) => m.PostsIsland),
  "circle-pictures": () => import("../components/community/PictureGrid.tsx").then((m) => m.PictureGrid),
  "community-footer": () => import("../components/community/CommunityFooter.tsx").then((m) => m.CommunityFooter),
  "law-answers": () => import("../components/community/LawAnswers.tsx").then((m) => m.LawAnswers),
  "tip-form": () => import("../components/tips/TipForm.tsx").then((m) => m.TipForm),
  "tip-receipts": () => import("../components/tips/ReceiptList.tsx").then((m) => m.ReceiptList),
  "tip-receipt": () => import("../components/tips/ReceiptPage.tsx").then((m) => m.ReceiptPage),
  // the activity, invitation, login and bar pages (decision 064)
  "activity-signup": () => import("../components/lists/ActivitySignup.tsx").then((m) => m.ActivitySignup),
  "activity-count": () => import("../components/lists/ActivitySignup.tsx").then((m) => m.ActivityCount),
  "invite-accept": () => import("../components/lists/InviteAccept.tsx").then((m) => m.InviteAccept),
  "auth-login": () => import("../components/lists/AuthLogin.tsx").then((m) => m.AuthLogin),
  "nav-bar": () => import("../components/NavBar.tsx").then((m) => m.NavBarIsland),
  "search-back": () => import("../components/lists/SearchBack.tsx").then((m) => m.SearchBack),
  // the detail and home pages (decision 060): local live, mini program, cloud form, special topic,
  // home; 加载更多 and the h5 cards serve every list page, through PagedList: one chunk with the
  // list's cards, which page-router list pages load whole
  "paged-list": () => import("../components/PagedList.tsx").then((m) => m.LoadMore),
  "special-group": () => import("../components/SpecialGroup.tsx").then((m) => m.FoldingGroup),
  "live-room": () => import("../components/live/LiveRoom.tsx").then((m) => m.LiveRoom),
  "cloud-form": () => import("../components/forms/FormView.tsx").then((m) => m.FormView),
  "link-card": () => import("../components/PagedList.tsx").then((m) => m.LinkCard),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof islandRegistry;

export function loadIsland(name: string): Promise<unknown> {
  const load = (islandRegistry as Record<string, Loader | undefined>)[name];
  return load ? load() : Promise.reject(new Error(`no island named ${name}`));
}
