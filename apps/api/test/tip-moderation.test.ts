import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";
import { picture, postTip, tipText } from "./tip-helpers.ts";

const key: Record<string, string> = {};
let phone = 13966660000;
const nextPhone = () => String(phone++);

describe("tip moderation", () => {
  let server: TestServer;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "davmu-tip-media-"));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    Object.assign(key, (await editorSession(server, "moderator")).headers);
  });
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function sendTip(text = tipText, pictures = 1) {
    const reader = await server.login(nextPhone());
    const bytes = await picture("jpeg", 320, 240);
    const files = Array.from({ length: pictures }, (_, i) => ({ bytes, name: `${i}.jpg`, type: "image/jpeg" }));
    const answer = await postTip(server, reader.token, { text, place: "滨江大道", contact: "13800001111" }, files);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { reader, receipt: answer.body.data.receipt as string };
  }
  const act = (receipt: string, body: unknown, headers: Record<string, string> = key) =>
    server.post(`/editor/v1/tips/${receipt}`, body, null, headers);

  it("R-TIP-1 the demo data puts two readers' tips with pictures in the queue, each picture with its renditions", async () => {
    await server.seedDemo();
    const queue = await server.get("/editor/v1/tips?status=received", null, key);
    const demo = queue.body.data.list.filter((t: { receipt: string }) => ["JL7QH2WX", "KM4TD9RB"].includes(t.receipt));
    expect(demo).toHaveLength(2);
    for (const tip of demo) {
      expect(tip.pictures.length).toBeGreaterThan(0);
      expect(tip.user.alias).not.toBe("");
    }
    // the pictures are files of the repository's demo media, each with its renditions
    const demoMedia = new URL("../demo-media/", import.meta.url).pathname;
    for (const picture of demo.flatMap(
      (t: { pictures: { url: string; avif: string; webp: string }[] }) => t.pictures,
    )) {
      for (const url of [picture.url, picture.avif, picture.webp]) {
        expect(existsSync(join(demoMedia, url.slice("/media/".length))), url).toBe(true);
      }
    }
  });

  it("R-TIP-1 editors list the queue by status with contact and pictures; a moderator's session is required", async () => {
    const { receipt } = await sendTip("老城区菜市场门口的路灯坏了一个多月，晚上很黑，老人买菜不方便。", 2);
    expect((await server.get("/editor/v1/tips")).status).toBe(401);
    expect((await server.get("/editor/v1/tips", null, { "x-api-key": "wrong-key-0123456789abcdef" })).status).toBe(401);
    const queue = await server.get("/editor/v1/tips?status=received", null, key);
    expect(queue.status).toBe(200);
    const tip = queue.body.data.list.find((t: { receipt: string }) => t.receipt === receipt);
    expect(tip).toMatchObject({ status: "received", place: "滨江大道", contact: "13800001111", reason: "" });
    expect(tip.pictures).toHaveLength(2);
    expect(tip.user.alias).not.toBe("");
    for (const query of ["status=deleted", "limit=0", "limit=51", "cursor=-1", "cursor=abc"]) {
      expect((await server.get(`/editor/v1/tips?${query}`, null, key)).status, query).toBe(400);
    }
    // paging: one at a time, oldest first, every tip once
    await sendTip();
    const seen: string[] = [];
    let cursor: number | null = null;
    do {
      const page: any = await server.get(`/editor/v1/tips?limit=1${cursor ? `&cursor=${cursor}` : ""}`, null, key);
      seen.push(...page.body.data.list.map((t: { receipt: string }) => t.receipt));
      cursor = page.body.data.next;
    } while (cursor !== null && seen.length < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(receipt);
  });

  it("R-TIP-1 accept, reject with a reason and accept again; the sender's receipt follows each step", async () => {
    const { reader, receipt } = await sendTip();
    const accepted = await act(receipt, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe("accepted");
    expect((await server.get(`/peony/v1/tips/receipt/${receipt}`, reader.token)).body.data.status).toBe("accepted");
    expect((await act(receipt, { action: "reject" })).status).toBe(400);
    expect((await act(receipt, { action: "reject", reason: "   " })).status).toBe(400);
    const rejected = await act(receipt, { action: "reject", reason: "线索不够具体，请补充时间和地点" });
    expect(rejected.body.data).toMatchObject({ status: "rejected", reason: "线索不够具体，请补充时间和地点" });
    const seen = await server.get(`/peony/v1/tips/receipt/${receipt}`, reader.token);
    expect(seen.body.data).toMatchObject({ status: "rejected", reason: "线索不够具体，请补充时间和地点" });
    // a rejected tip cannot be published without being accepted again
    const early = await act(receipt, { action: "publish" });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/^该爆料已由 \S+处理，已驳回，不能发布（仅限已采纳的爆料）$/);
    expect((await act(receipt, { action: "accept" })).body.data).toMatchObject({ status: "accepted", reason: "" });
  });

  it("R-TIP-1 an accepted tip is published as a clue report the receipt links to; a published tip cannot be rejected (409)", async () => {
    const { reader, receipt } = await sendTip(
      "滨江大道公交站的候车亭顶棚漏雨，下雨天乘客只能站在雨里等车。还有广告牌松动。",
      2,
    );
    expect((await act(receipt, { action: "publish" })).status).toBe(409);
    await act(receipt, { action: "accept" });
    const published = await act(receipt, { action: "publish", topic: "城市治理" });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const link = published.body.data.clue_report;
    expect(link.url).toBe(`/davmu/share/dejin/detail/${link.id}/index.html`);
    const receiptView = await server.get(`/peony/v1/tips/receipt/${receipt}`, await server.anonymousToken());
    expect(receiptView.body.data).toMatchObject({ status: "published", clue_report: link });
    // the clue report carries the tip's title, text, place and pictures under the sender's alias
    const report = await server.get(`/peony/v3/clue_report/${link.id}/detail`, reader.token);
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body.data)).toContain("滨江大道公交站的候车亭顶棚漏雨，下雨天乘客只能站在雨里等车");
    expect(JSON.stringify(report.body.data)).not.toContain("13800001111");
    for (const move of [{ action: "reject", reason: "重复" }, { action: "accept" }, { action: "publish" }]) {
      const again = await act(receipt, move);
      expect(again.status, move.action).toBe(409);
    }
    expect((await act(receipt, { action: "reject", reason: "重复" })).body.msg).toMatch(
      /^该爆料已由 \S+处理，已发布，不能驳回（仅限待处理或已采纳的爆料）$/,
    );
  });

  it("R-TIP-1 two editors acting at once: exactly one move wins; bad moves and unknown receipts answer 400/404", async () => {
    const { receipt } = await sendTip();
    const both = await Promise.all([act(receipt, { action: "accept" }), act(receipt, { action: "accept" })]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    for (const body of [
      {},
      { action: "delete" },
      { action: "reject", reason: "长".repeat(201) },
      { action: "publish", title: "" },
    ]) {
      expect((await act(receipt, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await act("ZZZZZZZZ", { action: "accept" })).status).toBe(404);
    expect((await act("bad code!", { action: "accept" })).status).toBe(404);
    expect((await act(receipt, { action: "accept" }, {})).status).toBe(401);
  });
});
