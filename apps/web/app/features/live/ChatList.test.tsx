import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatList } from "./ChatList.tsx";
import type { ChatMessage } from "./types.ts";

const message: ChatMessage = {
  id: "m1",
  seq: 1,
  user_id: 7,
  nickname: "跑友",
  avatar: "",
  content: "终点见",
  created_at: "2026-11-26T08:00:00.000Z",
};

const nobodySpoke = "还没有人发言";

describe("the live room's chat list", () => {
  it("R-LIVE-1 an empty chat says nobody spoke only while no message is pinned above it", () => {
    const empty = renderToStaticMarkup(<ChatList messages={[]} mode="socket" />);
    expect(empty).toContain(`<p class="chat-empty">${nobodySpoke}，来说两句吧</p>`);
    const pinned = renderToStaticMarkup(<ChatList messages={[]} mode="socket" hasPinned />);
    expect(pinned).not.toContain(nobodySpoke);
    // still one line under the list (the portrait overlay's layout reads it), inviting the reader to speak
    expect(pinned).toContain('<p class="chat-empty">来说两句吧</p>');
  });

  it("R-LIVE-1 a chat with messages has no empty line, pinned or not", () => {
    for (const hasPinned of [false, true]) {
      const html = renderToStaticMarkup(<ChatList messages={[message]} mode="socket" hasPinned={hasPinned} />);
      expect(html).toContain("终点见");
      expect(html).not.toContain("chat-empty");
    }
  });
});
