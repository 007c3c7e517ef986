import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { isRobot, robotAnswersKept } from "./robot.ts";
import { browserOf, isMiniProgram, weChatVersion } from "./user-agent.ts";
import corpus from "./user-agent-corpus.json" with { type: "json" };

const people = corpus.agents.filter((agent) => !agent.robot);
const robots = corpus.agents.filter((agent) => agent.robot);
const sources = Object.values(corpus.sources).map((source) => source.repository);

describe(`the user agent classification over ${corpus.agents.length} real user agents (${people.length} people, ${robots.length} robots) from ${sources.length} public sources`, () => {
  it("R-FIELD-1 the corpus is large, cited, and holds every family a Chinese share site is read in", () => {
    expect(corpus.agents.length).toBeGreaterThanOrEqual(150);
    for (const agent of corpus.agents) {
      const key = agent.source.split(":")[0] as keyof typeof corpus.sources;
      expect(corpus.sources[key], agent.source).toBeDefined();
    }
    const has = (pattern: RegExp) => people.filter((agent) => pattern.test(agent.ua)).length;
    for (const process of ["tools", "toolsmp", "appbrand0", "appbrand1", "appbrand2", "appbrand3", "appbrand4"]) {
      expect(has(new RegExp(`Android.*Process/${process}\\b`)), process).toBeGreaterThan(0);
    }
    for (const family of [
      /Android(?!.*Process\/).*MicroMessenger/,
      /iPhone.*MicroMessenger/,
      /WindowsWechat/,
      /MacWechat/,
      /wxwork/,
      / QQ\//,
      /MQQBrowser\/[\d.]+ Mobile/,
      /UCBrowser/,
      /Weibo/,
      /DingTalk/,
      /AlipayClient/,
      /aweme/,
      /NewsArticle/,
      /baiduboxapp/,
      /Quark/,
      /HuaweiBrowser/,
      /bdhonorbrowser/,
      /MiuiBrowser/,
      /HeyTapBrowser/,
      /VivoBrowser/,
      /SamsungBrowser/,
      /OpenHarmony.*ArkWeb/,
      /EdgA?\//,
      /Firefox\//,
    ]) {
      expect(has(family), String(family)).toBeGreaterThan(0);
    }
    for (let version = 12; version <= 18; version += 1) {
      expect(
        has(new RegExp(`iPhone OS ${version}_.*Version/${version}.*Safari/60[45]`)),
        `iOS ${version}`,
      ).toBeGreaterThan(0);
    }
    for (const crawler of [
      /Baiduspider/,
      /Sogou web spider/,
      /360Spider/,
      /Bytespider/,
      /YisouSpider/,
      /Googlebot/,
      /bingbot/,
      /HeadlessChrome/,
      /^python-requests/,
      /^curl\//,
    ]) {
      expect(robots.filter((agent) => crawler.test(agent.ua)).length, String(crawler)).toBeGreaterThan(0);
    }
  });

  it("R-FIELD-1 no person is taken for a robot, WeChat's Process/tools and toolsmp, Alipay and Toutiao included", () => {
    const takenForRobots = people.filter((agent) => isRobot(agent.ua)).map((agent) => `${agent.note}: ${agent.ua}`);
    expect(takenForRobots).toEqual([]);
    // the list alone takes some of them for robots: the correction is what makes the difference
    expect(people.filter((agent) => isbot(agent.ua)).length).toBeGreaterThan(0);
  });

  it("R-FIELD-1 no listed crawler, unfurler or script is counted as a person", () => {
    const takenForPeople = robots.filter((agent) => !isRobot(agent.ua)).map((agent) => `${agent.note}: ${agent.ua}`);
    expect(takenForPeople).toEqual([]);
  });

  it("R-FIELD-1 R-SRV-7 the answers kept per user agent are the list's, asked again and past the number kept", () => {
    const agents = [...people, ...robots];
    const first = agents.map((agent) => isRobot(agent.ua));
    // more user agents than are kept, so the kept answers are forgotten and made again on the way
    for (let i = 0; i <= robotAnswersKept; i++) isRobot(`Mozilla/5.0 (agent ${i})`);
    expect(agents.map((agent) => isRobot(agent.ua))).toEqual(first);
    expect(agents.map((agent) => isRobot(agent.ua))).toEqual(first);
  });

  it("R-FIELD-1 each person's platform and whether they are on a phone are as the corpus says", () => {
    const wrong = people
      .map((agent) => ({ agent, got: browserOf(agent.ua) }))
      .filter(({ agent, got }) => got.platform !== agent.platform || got.mobile !== agent.mobile)
      .map(({ agent, got }) => `${agent.note}: ${got.platform}/${got.mobile}, not ${agent.platform}/${agent.mobile}`);
    expect(wrong).toEqual([]);
  });

  it("R-FIELD-1 only Android browsers that keep Chrome's intent handling are sent intents", () => {
    const intents = people.filter((agent) => browserOf(agent.ua).launch === "intent");
    expect(intents.length).toBeGreaterThan(0);
    for (const agent of intents) {
      expect(agent.platform, agent.note).toBe("phone");
      expect(agent.ua, agent.note).toMatch(/Android/);
      expect(agent.ua, agent.note).not.toMatch(
        /; wv\)|MiuiBrowser|HeyTapBrowser|VivoBrowser|HuaweiBrowser|UCBrowser|Quark|MQQBrowser/,
      );
    }
    const maker = people.filter((agent) =>
      /MiuiBrowser|HeyTapBrowser|VivoBrowser|HuaweiBrowser|UCBrowser|Quark|bdhonorbrowser/.test(agent.ua),
    );
    expect(maker.every((agent) => browserOf(agent.ua).launch === "scheme")).toBe(true);
    expect(
      people
        .filter((agent) => /SamsungBrowser.*Mobile|EdgA\//.test(agent.ua))
        .every((agent) => browserOf(agent.ua).launch === "intent"),
    ).toBe(true);
  });

  it("R-FIELD-1 HarmonyOS NEXT is its own system; iPads and iPhones are iOS, an Android model named like an iPhone is not", () => {
    const harmony = people.filter((agent) => /\(Phone; OpenHarmony/.test(agent.ua));
    expect(harmony.length).toBeGreaterThan(0);
    for (const agent of harmony)
      expect(browserOf(agent.ua)).toMatchObject({ os: "harmony", mobile: true, launch: "scheme" });
    for (const agent of people.filter((a) => /\((iPhone|iPad);/.test(a.ua))) expect(browserOf(agent.ua).os).toBe("ios");
    const lookalike = people.find((a) => /Android.*;iPhone:/.test(a.ua));
    expect(lookalike && browserOf(lookalike.ua).os).toBe("android");
  });

  it("R-FIELD-1 mini programs are told by their user agent or WeChat's bridge; WeChat's version is read", () => {
    const appbrand = people.find((agent) => /Process\/appbrand0/.test(agent.ua));
    const toolsmp = people.find((agent) => /Process\/toolsmp/.test(agent.ua));
    expect(appbrand && isMiniProgram(appbrand.ua)).toBe(true);
    expect(toolsmp && isMiniProgram(toolsmp.ua)).toBe(false);
    expect(toolsmp && isMiniProgram(toolsmp.ua, "miniprogram")).toBe(true);
    expect(toolsmp && weChatVersion(toolsmp.ua)?.[0]).toBeGreaterThanOrEqual(7);
    expect(weChatVersion(people.find((agent) => agent.platform === "phone")?.ua ?? "")).toBeNull();
  });
});
