import type { LocalLiveInfo } from "@davmu/contracts/content";
import { defaultLang, type Lang } from "./i18n/lang.ts";

export type LiveScreen = "ImageScreen" | "LandscapeScreen" | "PortraitScreen";

/**
 * Which sub-screen a local live shows (R-ROUTE-7): without a playable stream, the image screen
 * (pictures and text); with one, the portrait or landscape player by the live's orientation.
 */
export function chooseLiveScreen(live: Pick<LocalLiveInfo, "playlists" | "orientation"> | undefined): LiveScreen {
  const playable = (live?.playlists ?? []).some((p) => p.play_url !== "");
  if (!live || !playable) return "ImageScreen";
  return live.orientation === "portrait" ? "PortraitScreen" : "LandscapeScreen";
}

export function liveStatusLabel(status: LocalLiveInfo["status"], lang: Lang = defaultLang): string {
  if (lang === "en") return status === "live" ? "Live" : status === "upcoming" ? "Upcoming" : "Ended";
  return status === "live" ? "直播中" : status === "upcoming" ? "未开始" : "已结束";
}
