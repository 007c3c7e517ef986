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
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof islandRegistry;

export function loadIsland(name: string): Promise<unknown> {
  const load = (islandRegistry as Record<string, Loader | undefined>)[name];
  return load ? load() : Promise.reject(new Error(`no island named ${name}`));
}
