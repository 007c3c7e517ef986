import { describe, expect, it } from "vitest";
import { langCookie, langCookieMaxAge, langFromCookieHeader, readCookie, toLang } from "./lang.ts";
import { formatMessage, translator, zhCN } from "./messages.ts";
import { zhAccount } from "./messages-account.ts";
import { zhContent } from "./messages-content.ts";
import { zhLists } from "./messages-lists.ts";

describe("language", () => {
  it("R-SITE-7 the language comes from the i18n_redirected cookie, zh-CN by default", () => {
    expect(langFromCookieHeader(undefined)).toBe("zh-CN");
    expect(langFromCookieHeader("a=1; i18n_redirected=en; b=2")).toBe("en");
    expect(langFromCookieHeader("i18n_redirected=en-US")).toBe("en");
    expect(langFromCookieHeader("i18n_redirected=zh-CN")).toBe("zh-CN");
    expect(langFromCookieHeader("i18n_redirected=fr")).toBe("zh-CN");
    expect(langFromCookieHeader("xi18n_redirected=en")).toBe("zh-CN");
    expect(toLang(null)).toBe("zh-CN");
  });
  it("R-SITE-7 the cookie lives 365 days on the site's path", () => {
    expect(langCookieMaxAge).toBe(31536000);
    expect(langCookie("en", "/davmu/share/")).toBe(
      "i18n_redirected=en; Max-Age=31536000; Path=/davmu/share/; SameSite=Lax",
    );
  });
  it("R-WEB-I18N a broken cookie value is ignored", () => {
    expect(readCookie("i18n_redirected=%E0%A4%A", "i18n_redirected")).toBeNull();
    expect(readCookie("noequals; i18n_redirected=en", "i18n_redirected")).toBe("en");
  });
  it("R-WEB-I18N messages fill their parameters and keep unknown ones", () => {
    expect(formatMessage("打开{site}，体验更多内容", { site: "江澜新闻" })).toBe("打开江澜新闻，体验更多内容");
    expect(formatMessage("{a}{b}", { a: 1 })).toBe("1{b}");
    const t = translator(zhCN);
    expect(t("openAppPrompt", { site: "客户端" })).toBe("打开客户端，体验更多内容");
    expect(t("dialogConfirm")).toBe("立即前往");
    expect(translator({ ...zhCN, ...zhLists })("moduleUnsupported")).toBe("该模块暂不支持，请前往App查看");
    expect(translator({ ...zhCN, ...zhAccount })("codeCountdown", { seconds: 5 })).toBe("5s后重新获取");
  });
});

describe("dictionaries", () => {
  it("R-WEB-I18N the zh-CN dictionaries have no key twice, and every key has text", () => {
    const dictionaries = [zhCN, zhLists, zhAccount, zhContent];
    const keys = dictionaries.flatMap((d) => Object.keys(d));
    expect(new Set(keys).size).toBe(keys.length);
    const all: Record<string, string> = Object.assign({}, ...dictionaries);
    for (const key of keys) expect(all[key], key).not.toBe("");
  });
});
