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
  navPanel: "栏目导航",
  navEmpty: "暂无栏目",
  bottomNav: "底部导航",
  moduleUnsupported: "该模块暂不支持，请前往App查看",
  settings: "设置",
  language: "语言",
  darkMode: "深色模式",
  darkModeSystem: "跟随系统",
  darkModeOn: "开启",
  darkModeOff: "关闭",
  // open-app dialog
  dialogTitle: "温馨提示",
  openAppPrompt: "打开{site}，体验更多内容",
  dialogConfirm: "立即前往",
  dialogCancel: "再考虑下",
  dialogClose: "关闭弹窗",
  // lists
  channels: "频道",
  allChannels: "全部",
  latest: "最新",
  emptyList: "暂无内容",
  loadFailed: "内容加载失败，请稍后重试",
  loadMore: "加载更多",
  loading: "加载中…",
  noMore: "没有更多了",
  reads: "{count}阅读",
  listTitle: "列表",
  flyCardTitle: "卡片浏览",
  // search
  search: "搜索",
  searchPlaceholder: "搜索感兴趣的内容",
  searchHot: "热门搜索",
  searchResults: "“{keyword}”的搜索结果",
  searchCount: "共找到{count}条结果",
  searchNoResult: "没有找到相关内容，换个词试试",
  searchKeywordInvalid: "请输入有效的搜索关键词",
  back: "返回",
  // errors
  notFound: "抱歉，您访问的页面找不到了",
  pageError: "页面出错了，请稍后重试",
  backHome: "返回首页",
  reload: "重新加载",
  offline: "网络不可用，请检查网络后重试",
  // account and login
  phoneLabel: "手机号 {phone}",
  logout: "退出登录",
  cancel: "取消",
  close: "关闭",
  loginTo: "登录{site}",
  loginAutoRegister: "未注册的手机号验证后将自动注册",
  loginWithPassword: "使用手机号和密码登录",
  loginByCode: "验证码登录",
  loginByPassword: "密码登录",
  phone: "手机号",
  phonePlaceholder: "请输入手机号",
  code: "验证码",
  codePlaceholder: "请输入验证码",
  password: "密码",
  passwordPlaceholder: "请输入密码",
  loggingIn: "登录中…",
  agreePrefix: "我已阅读并同意",
  agreeAnd: "和",
  userAgreement: "《用户协议》",
  privacyPolicy: "《隐私政策》",
  agreementRequired: "请勾选阅读并同意《用户协议》《隐私政策》",
  getCode: "获取验证码",
  codeCountdown: "{seconds}s后重新获取",
  phoneInvalid: "请输入正确的手机号",
  codeSent: "验证码发送成功",
  loginSuccess: "登录成功～",
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
  reportReason: "请选择举报原因",
  reportDone: "举报成功，我们会尽快处理",
  reasonSpam: "垃圾广告",
  reasonAbuse: "辱骂攻击",
  reasonPorn: "色情低俗",
  reasonIllegal: "违法违规",
  reasonOther: "其他",
  // debug console
  debugConsole: "调试",
};

export type MessageKey = keyof typeof zhCN;
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/** Fills `{name}` parameters; an unknown parameter stays as written. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** `t(key, params)` over one dictionary. */
export function translator(messages: Messages) {
  return (key: MessageKey, params?: MessageParams): string => formatMessage(messages[key] ?? zhCN[key], params);
}
export type Translate = ReturnType<typeof translator>;

/**
 * The dictionary of the page's language, for code outside React (toasts raised by events). Set by
 * the I18nProvider in the browser only: on the server every render passes its own dictionary.
 */
let active: Messages = zhCN;
export function setActiveMessages(messages: Messages): void {
  active = messages;
}
export function translate(key: MessageKey, params?: MessageParams): string {
  return formatMessage(active[key] ?? zhCN[key], params);
}
