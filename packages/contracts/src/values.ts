/**
 * Plain values of the contract, free of schema code so browser bundles stay small: a module that
 * builds schemas at load brings TypeBox into every page that imports anything from it.
 */

export const contentTypes = [
  "article",
  "video",
  "svideo",
  "audio",
  "image",
  "h5",
  "link",
  "topic",
  "sp_topic",
  "mini_program",
  "local_live",
  "live",
  "cloud_form",
  "video_album",
  "audio_album",
  "special",
] as const;
export type ContentType = (typeof contentTypes)[number];

/** What editors and readers call each content type (the stats page's filter and table, say). */
export const contentTypeNames: Readonly<Record<ContentType, string>> = {
  article: "文章",
  video: "视频",
  svideo: "短视频",
  audio: "音频",
  image: "图集",
  h5: "H5",
  link: "链接",
  topic: "话题",
  sp_topic: "专题页",
  mini_program: "小程序",
  local_live: "本地直播",
  live: "直播",
  cloud_form: "表单",
  video_album: "视频专辑",
  audio_album: "音频专辑",
  special: "专题",
};

/** Items that open an address (h5, link) rather than a page of their own. */
export const linkContentTypes: readonly ContentType[] = ["h5", "link"];

/** Chinese mobile number (spec §5): 1, then 3 to 9, then nine more digits. */
export const phonePattern = "^1[3-9]\\d{9}$";

/** The organisation's legal texts the login popup links to (用户协议, 隐私政策). */
export const agreementKinds = ["user", "privacy"] as const;
