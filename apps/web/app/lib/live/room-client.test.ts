import { describe, expect, it } from "vitest";
import { socketUrl } from "./room-client.ts";
import { statusName } from "./types.ts";

describe("live room addresses and statuses", () => {
  it("R-LIVE-1 the hub is reached under the API base, ws for http and wss for https, without a token in it", () => {
    expect(socketUrl("", "https://news.example.com")).toBe("wss://news.example.com/peony/v3/live/ws");
    expect(socketUrl("", "http://127.0.0.1:3120")).toBe("ws://127.0.0.1:3120/peony/v3/live/ws");
    expect(socketUrl("https://api.example.com/base", "https://news.example.com")).toBe(
      "wss://api.example.com/base/peony/v3/live/ws",
    );
  });

  it("R-ENT-LIVE status numbers name the room's states", () => {
    expect([0, 1, 2, 3, 9].map(statusName)).toEqual(["upcoming", "live", "ended", "replay", "ended"]);
  });
});
