import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { cacheVariant, readyOption } from "./entry.server.tsx";
import { isMiniProgram } from "./lib/device.ts";

const people = corpus.agents.filter((agent) => !agent.robot);
const robots = corpus.agents.filter((agent) => agent.robot);
const page = (ua: string) =>
  new Request("http://127.0.0.1/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", { headers: { "user-agent": ua } });

describe(`how a page is rendered for the ${corpus.agents.length} real user agents of the corpus`, () => {
  it("R-FIELD-1 R-WEB-SSR every person, WeChat for Android's Process/toolsmp included, gets the streamed render; every robot waits for all content", () => {
    const toolsmp = people.filter((agent) => /Android.*Process\/toolsmp/.test(agent.ua));
    expect(toolsmp.length).toBeGreaterThan(0);
    expect(people.filter((agent) => readyOption(agent.ua, false) !== "onShellReady").map((a) => a.note)).toEqual([]);
    expect(robots.filter((agent) => readyOption(agent.ua, false) !== "onAllReady").map((a) => a.note)).toEqual([]);
    expect(readyOption(toolsmp[0]?.ua ?? "", true)).toBe("onAllReady");
  });

  it("R-FIELD-1 R-SITE-6 R-LAYOUT-3 phones in WeChat and other apps share the phone page, mini programs have their own; computers are not cached as phones", () => {
    const miniPrograms = people.filter((agent) => isMiniProgram(agent.ua));
    expect(miniPrograms.length).toBeGreaterThan(0);
    for (const agent of people) {
      const variant = cacheVariant(page(agent.ua));
      if (isMiniProgram(agent.ua)) expect(variant, agent.note).toBe("mini-program");
      else if (agent.mobile) expect(variant, agent.note).toBe("phone");
      else expect(variant, agent.note).toBeNull();
    }
    for (const agent of robots) expect(cacheVariant(page(agent.ua)), agent.note).toBe("phone");
  });
});
