import type { ContentType } from "@davmu/contracts/content";

export type TagIcon = "play" | "audio" | "image" | "live" | "link" | "album" | "topic" | "mini";

export interface ContentTag {
  label: string;
  icon: TagIcon;
}

/** Types that get a tag on their cards (R-UI-TAG); articles and the rest get none. */
const tags: Partial<Record<ContentType, ContentTag>> = {
  svideo: { label: "小视频", icon: "play" },
  video: { label: "视频", icon: "play" },
  h5: { label: "H5", icon: "link" },
  local_live: { label: "直播", icon: "live" },
  audio: { label: "音频", icon: "audio" },
  image: { label: "图集", icon: "image" },
  audio_album: { label: "音频专辑", icon: "album" },
  video_album: { label: "视频专辑", icon: "album" },
  topic: { label: "话题", icon: "topic" },
  mini_program: { label: "小程序", icon: "mini" },
  sp_topic: { label: "专题", icon: "topic" },
};

export function contentTag(contentType: ContentType): ContentTag | null {
  return tags[contentType] ?? null;
}
