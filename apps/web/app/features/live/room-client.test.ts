import type { ApiClient } from "@davmu/contracts/client";
import { describe, expect, it } from "vitest";
import { roomApi, socketUrl } from "./room-client.ts";
import { statusName } from "./types.ts";

describe("live room addresses and statuses", () => {
  it("R-LIVE-1 the hub is reached under the API base, ws for http and wss for https, without a token in it", () => {
    expect(socketUrl("", "https://news.example.com")).toBe("wss://news.example.com/peony/v3/live/ws");
    expect(socketUrl("", "http://127.0.0.1:3120")).toBe("ws://127.0.0.1:3120/peony/v3/live/ws");
    expect(socketUrl("https://api.example.com/base", "https://news.example.com")).toBe(
      "wss://api.example.com/base/peony/v3/live/ws",
    );
  });

  it("R-CONTENT-10 a like sends spec §7's msg_id, with the count of taps batched under it; a refusal is an error to retry", async () => {
    const sent: unknown[] = [];
    let code = 0;
    const client = {
      liveLike: async (request: unknown) => {
        sent.push(request);
        return { code, msg: code ? "参数错误" : "ok", data: code ? null : { total: 4, delta: 3 } };
      },
    } as unknown as ApiClient;
    const api = roomApi(() => client, "LiveRoom1");
    await api.like(3, "m1-abc");
    expect(sent).toEqual([{ params: { id: "LiveRoom1" }, body: { msg_id: "m1-abc", count: 3 } }]);
    code = 400;
    await expect(api.like(1, "m2-def")).rejects.toThrow(/400/);
  });

  it("R-ENT-LIVE status numbers name the room's states", () => {
    expect([0, 1, 2, 3, 9].map(statusName)).toEqual(["upcoming", "live", "ended", "replay", "ended"]);
  });
});
