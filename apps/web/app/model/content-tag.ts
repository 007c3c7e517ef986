import type { ContentType } from "@davmu/contracts/content";
import { defaultLang, type Lang } from "./i18n/lang.ts";

export interface ContentTag {
  label: string;
}

/** Types that get a tag on their cards (R-UI-TAG); articles and the rest get none. */
const tags: Partial<Record<ContentType, ContentTag>> = {
  svideo: { label: "小视频" },
  video: { label: "视频" },
  h5: { label: "H5" },
  local_live: { label: "直播" },
  audio: { label: "音频" },
  image: { label: "图集" },
  audio_album: { label: "音频专辑" },
  video_album: { label: "视频专辑" },
  topic: { label: "话题" },
  mini_program: { label: "小程序" },
  sp_topic: { label: "专题" },
};

/** The same tags on English pages. */
const englishTags: Partial<Record<ContentType, ContentTag>> = {
  svideo: { label: "Short video" },
  video: { label: "Video" },
  h5: { label: "H5" },
  local_live: { label: "Live" },
  audio: { label: "Audio" },
  image: { label: "Gallery" },
  audio_album: { label: "Audio album" },
  video_album: { label: "Video album" },
  topic: { label: "Topic" },
  mini_program: { label: "Mini program" },
  sp_topic: { label: "Special" },
};

export function contentTag(contentType: ContentType, lang: Lang = defaultLang): ContentTag | null {
  return (lang === "en" ? englishTags : tags)[contentType] ?? null;
}
