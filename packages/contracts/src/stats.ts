import type { ContentType } from "./content.ts";

/** Statistics page type and series of a detail page (spec §3), read by the tracking call. */
export interface StatsPage {
  pageType: string;
  series: string;
}

const table: Partial<Record<ContentType, StatsPage>> = {
  article: { pageType: "docDetailspage", series: "imagetext" },
  special: { pageType: "specialHomepage", series: "special" },
  video: { pageType: "videoDetailspage", series: "video" },
  svideo: { pageType: "mpVideoDetailspage", series: "svideo" },
  audio: { pageType: "audioDetailspage", series: "audio" },
  image: { pageType: "galleryDetailspage", series: "atlas" },
  video_album: { pageType: "videoAlbumDetailspage", series: "video_album" },
  audio_album: { pageType: "audioAlbumDetailspage", series: "audio_album" },
  mini_program: { pageType: "miniProgramDetailspage", series: "mini_program" },
  local_live: { pageType: "localLiveDetailspage", series: "local_live" },
};

/** The page type and series of a content type, or null for types without a detail page of their own. */
export function statsPageFor(contentType: ContentType): StatsPage | null {
  return table[contentType] ?? null;
}
