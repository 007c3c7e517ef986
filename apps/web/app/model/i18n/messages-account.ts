import type { Translate } from "./messages.ts";

/**
 * zh-CN strings of the login popup, the account sheet and the report sheet: kept apart from the
 * shell's dictionary so pages carry them only once a visitor opens one of those (they load lazily).
 * English pages have them in their dictionary from the server.
 */
export const zhAccount = {
  userAgreement: "《用户协议》",
  reportReason: "请选择举报原因",
  privacyPolicy: "《隐私政策》",
  phonePlaceholder: "请输入手机号",
  phoneLabel: "手机号 {phone}",
  phoneInvalid: "请输入正确的手机号",
  phone: "手机号",
  passwordPlaceholder: "请输入密码",
  password: "密码",
  logout: "退出登录",
  loginWithPassword: "使用手机号和密码登录",
  loginTo: "登录{site}",
  loginSuccess: "登录成功～",
  loginByPassword: "密码登录",
  loginByCode: "验证码登录",
  loginAutoRegister: "未注册的手机号验证后将自动注册",
  loggingIn: "登录中…",
  codeSent: "验证码发送成功",
  codePlaceholder: "请输入验证码",
  code: "验证码",
  agreementRequired: "请勾选阅读并同意《用户协议》《隐私政策》",
  agreePrefix: "我已阅读并同意",
  agreeAnd: "和",
  getCode: "获取验证码",
  codeCountdown: "{seconds}s后重新获取",
  reasonSpam: "垃圾广告",
  reasonAbuse: "辱骂攻击",
  reasonPorn: "色情低俗",
  reasonIllegal: "违法违规",
  reasonOther: "其他",
};
export type AccountKey = keyof typeof zhAccount;
export type { Translate };
