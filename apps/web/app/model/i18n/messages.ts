import type { AccountKey } from "./messages-account.ts";
import type { ContentKey } from "./messages-content.ts";
import type { ListKey } from "./messages-lists.ts";

/**
 * The site's UI strings. zh-CN is the default and the source: every key is written here first, and
 * `en.server.ts` must give the same keys (its type says so). `{name}` marks a parameter.
 * The English dictionary stays on the server: the root loader hands a page the dictionary of its
 * visitor's language, so Chinese pages carry no English and English pages no second copy.
 */
export const zhCN = {
  // banner, nav panel, bottom bar
  bannerDefaultDescription: "打开App，查看更多精彩内容",
  login: "登录",
  openApp: "打开App",
  myAccount: "我的账号：{alias}",
  openNav: "打开导航",
  closeNav: "关闭导航",
  // open-app dialog
  dialogTitle: "温馨提示",
  openAppPrompt: "打开{site}，体验更多内容",
  dialogConfirm: "立即前往",
  dialogCancel: "再考虑下",
  dialogClose: "关闭弹窗",
  openAppOnPhone: "请用手机扫描二维码，在手机上打开App",
  // lists
  loadMore: "加载更多",
  loading: "加载中…",
  reads: "{count}阅读",
  picCount: "{count}图",
  // search
  // errors
  notFound: "抱歉，您访问的页面找不到了",
  pageError: "页面出错了，请稍后重试",
  contentLoadFailed: "内容加载失败，请稍后重试",
  tooManyRequests: "操作过于频繁，请稍后再试",
  backHome: "返回首页",
  reload: "重新加载",
  // account and login
  cancel: "取消",
  close: "关闭",
  sessionExpired: "登录已过期，请重新登录",
  loggedOut: "已退出登录",
  networkError: "网络错误，请稍后重试～",
  // comments and footer
  comments: "评论",
  commentsClosed: "评论已关闭",
  commentEmpty: "评论内容不能为空",
  noComments: "暂无评论，快来抢沙发吧～",
  noMoreComments: "没有更多评论了",
  writeComment: "写评论",
  writeCommentPlaceholder: "写评论…",
  replyTo: "回复 @{alias}",
  replyToPlaceholder: "回复 @{alias}：",
  reply: "回复",
  send: "发送",
  like: "点赞",
  likeCount: "点赞 {count}",
  likeShort: "赞",
  collect: "收藏",
  collectCount: "收藏 {count}",
  collected: "收藏成功",
  uncollected: "已取消收藏",
  follow: "关注",
  followed: "已关注",
  followDone: "关注成功",
  unfollowDone: "已取消关注",
  commentSent: "评论成功",
  commentHeld: "评论已提交，审核通过后展示",
  commentPending: "审核中",
  expandReplies: "展开{count}条回复",
  expandMoreReplies: "展开更多回复",
  collapseReplies: "收起回复",
  ipLocation: "IP属地：{location}",
  report: "举报 @{alias} 的评论",
  reportDone: "举报成功，我们会尽快处理",
  // debug console
};

/**
 * Keys of the whole site: the shell's, the navigation and list pages' (messages-lists.ts), the
 * login and account sheets' (messages-account.ts) and the content pages' (messages-content.ts).
 */
export type MessageKey = keyof typeof zhCN | ListKey | AccountKey | ContentKey;
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/** Fills `{name}` parameters; an unknown parameter stays as written. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    typeof params[name] === "string" || typeof params[name] === "number" ? String(params[name]) : whole,
  );
}

/** `t(key, params)` over one dictionary. */
export function translator(messages: Partial<Messages>) {
  const fallback: Partial<Messages> = zhCN;
  return (key: MessageKey, params?: MessageParams): string =>
    formatMessage(messages[key] ?? fallback[key] ?? key, params);
}
export type Translate = ReturnType<typeof translator>;

/**
 * The dictionary of the page's language, for code outside React (toasts raised by events). Set by
 * the I18nProvider in the browser only: on the server every render passes its own dictionary.
 */
let active: Partial<Messages> = zhCN;
export function setActiveMessages(messages: Partial<Messages>): void {
  active = messages;
}
export function translate(key: MessageKey, params?: MessageParams): string {
  const fallback: Partial<Messages> = zhCN;
  return formatMessage(active[key] ?? fallback[key] ?? key, params);
}
