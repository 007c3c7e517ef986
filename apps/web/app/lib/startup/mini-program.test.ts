import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { markMiniProgram, miniProgramAttribute } from "./mini-program.ts";

/** A document as far as the mark needs one: its root's attributes and its events. */
class PageDocument extends EventTarget {
  readonly attributes = new Set<string>();
  readonly documentElement = {
    setAttribute: (name: string) => this.attributes.add(name),
    hasAttribute: (name: string) => this.attributes.has(name),
  };
}

function pageIn(ua: string, bridge?: string) {
  const document = new PageDocument();
  return { document, navigator: { userAgent: ua }, __wxjs_environment: bridge };
}
type PageWindow = Parameters<typeof markMiniProgram>[0];

const miniProgramUa = corpus.agents.find((a) => /miniProgram/.test(a.ua) && /MicroMessenger\/8/.test(a.ua))?.ua ?? "";
const weChatUa = corpus.agents.find((a) => /Process\/toolsmp/.test(a.ua))?.ua ?? "";

describe("the page marks itself as in a mini program (R-LAYOUT-3, R-LAYOUT-4)", () => {
  it("R-LAYOUT-3 a mini program's user agent marks the page at once", () => {
    expect(miniProgramUa).not.toBe("");
    const win = pageIn(miniProgramUa);
    markMiniProgram(win as unknown as PageWindow);
    expect(win.document.attributes.has(miniProgramAttribute)).toBe(true);
  });

  it("R-LAYOUT-4 WeChat's own browser is not a mini program, until its JS bridge says it is", () => {
    expect(weChatUa).not.toBe("");
    const win = pageIn(weChatUa);
    markMiniProgram(win as unknown as PageWindow);
    expect(win.document.attributes.has(miniProgramAttribute)).toBe(false);
    win.__wxjs_environment = "miniprogram";
    win.document.dispatchEvent(new Event("WeixinJSBridgeReady"));
    expect(win.document.attributes.has(miniProgramAttribute)).toBe(true);
  });

  it("R-LAYOUT-3 a bridge that already says so marks the page as it starts", () => {
    const win = pageIn(weChatUa, "miniprogram");
    markMiniProgram(win as unknown as PageWindow);
    expect(win.document.attributes.has(miniProgramAttribute)).toBe(true);
  });
});
