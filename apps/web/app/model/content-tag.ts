import type { ContentType } from "@davmu/contracts/content";

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

export function contentTag(contentType: ContentType): ContentTag | null {
  return tags[contentType] ?? null;
}
