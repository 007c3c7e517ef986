import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";
import { jpegWithGps, picture, postTip, streamHugeUpload, tipText } from "./tip-helpers.ts";

let phone = 13955550000;
const nextPhone = () => String(phone++);

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe("tip submission", () => {
  let server: TestServer;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "davmu-tip-media-"));
    // loopback is trusted as a proxy so that a test may speak for another address (X-Forwarded-For)
    server = await startTestServer({ MEDIA_DIR: mediaDir, TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("R-TIP-1 only a logged-in visitor sends a tip: no token or an anonymous token answers 401", async () => {
    const anonymous = await server.anonymousToken();
    for (const token of [null, anonymous]) {
      const answer = await postTip(server, token, { text: tipText });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(401);
    }
  });

  it("R-TIP-1 a JPEG with GPS EXIF is stored upright within 2048 px without any EXIF or GPS, with AVIF and WebP renditions", async () => {
    const reader = await server.login(nextPhone());
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.indexOf(Buffer.from([0x25, 0x88]))).toBeGreaterThan(0); // the GPS IFD pointer
    expect(before).toMatchObject({ width: 3000, height: 2000, orientation: 6 });
    const answer = await postTip(server, reader.token, { text: tipText, place: "江澜路", contact: "微信 jl2026" }, [
      { bytes: original, name: "IMG_0001.JPG", type: "image/jpeg" },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const tip = answer.body.data;
    expect(tip.receipt).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(tip).toMatchObject({ status: "received", mine: true, text: tipText, place: "江澜路", picture_count: 1 });
    const [stored] = tip.pictures;
    // turned upright by its orientation, then fitted within 2048 px
    expect(stored).toMatchObject({ width: 1365, height: 2048 });
    expect(stored.url).toMatch(/^\/media\/tips\/\d{6}\/[0-9a-f]{32}\.jpg$/);
    for (const [url, format] of [
      [stored.url, "jpeg"],
      [stored.avif, "heif"],
      [stored.webp, "webp"],
    ]) {
      const file = join(mediaDir, url.slice("/media/".length));
      const meta = await sharp(file).metadata();
      expect(meta.format, url).toBe(format);
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.orientation ?? 1, url).toBe(1);
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2048);
    }
    // the media route sends the smallest rendition the browser names
    const served = await fetch(`${server.base}${stored.url}`, { headers: { accept: "image/avif,image/webp,*/*" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/avif");
    await served.arrayBuffer();
  });

  it("R-TIP-1 a PNG declared as image/gif and named .gif is taken by its content (WebP and AVIF too); a text file named .jpg is refused", async () => {
    const reader = await server.login(nextPhone());
    const png = await picture("png", 300, 200);
    const ok = await postTip(server, reader.token, { text: tipText }, [
      { bytes: png, name: "photo.gif", type: "image/gif" },
      { bytes: await picture("webp", 200, 300), name: "second", type: "application/octet-stream" },
      { bytes: await picture("avif", 120, 90), name: "third.png", type: "image/png" },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.pictures.map((p: { width: number }) => p.width)).toEqual([300, 200, 120]);

    const filesBefore = filesUnder(mediaDir).length;
    const lying = await postTip(server, reader.token, { text: tipText }, [
      { bytes: await picture("jpeg"), name: "good.jpg", type: "image/jpeg" },
      { bytes: Buffer.from("这不是图片，只是一段文字。\n".repeat(50)), name: "evidence.jpg", type: "image/jpeg" },
    ]);
    expect(lying.status).toBe(400);
    expect(lying.body.msg).toBe("第 2 张图片不是可识别的图片，请换一张");
    // nothing of a refused tip is kept
    expect(filesUnder(mediaDir).length).toBe(filesBefore);
  });

  it("R-TIP-1 ten pictures are refused with a clear message; bad text, unknown fields and a JSON body answer 400", async () => {
    const reader = await server.login(nextPhone());
    const small = await picture("jpeg", 64, 64);
    const ten = Array.from({ length: 10 }, (_, i) => ({ bytes: small, name: `p${i}.jpg`, type: "image/jpeg" }));
    const many = await postTip(server, reader.token, { text: tipText }, ten);
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe("最多上传 9 张图片");
    const nine = await postTip(server, reader.token, { text: tipText }, ten.slice(0, 9));
    expect(nine.status, JSON.stringify(nine.body)).toBe(200);
    expect(nine.body.data.picture_count).toBe(9);

    const cases: [Record<string, string>, string][] = [
      [{}, "请描述事情经过，至少 10 个字"],
      [{ text: "太短了" }, "请描述事情经过，至少 10 个字"],
      [{ text: "长".repeat(2001) }, "爆料内容不能超过 2000 个字"],
      [{ text: tipText, place: "地".repeat(101) }, "地点不能超过 100 个字"],
      [{ text: tipText, contact: "1".repeat(51) }, "联系方式不能超过 50 个字"],
      [{ text: tipText, title: "x" }, "未知的表单字段：title"],
    ];
    for (const [fields, msg] of cases) {
      const answer = await postTip(server, reader.token, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.body.msg).toBe(msg);
    }
    // malformed multipart: no boundary, a body cut short, bytes that are not multipart at all
    for (const [type, body] of [
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\n${tipText}`],
      ["multipart/form-data; boundary=x", "\u0000\u0001 not multipart"],
    ]) {
      const answer = await server.post("/guzzle/v1/tips", body, reader.token, { "content-type": type as string });
      expect(answer.status, type).toBe(400);
      expect(typeof answer.body.msg).toBe("string");
    }
    const json = await server.post("/guzzle/v1/tips", { text: tipText }, reader.token);
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe("请以 multipart/form-data 提交爆料");
  });

  it("R-TIP-1 a 50 MB upload answers 413 at once and is never held in memory, with or without Content-Length", async () => {
    const reader = await server.login(nextPhone());
    const fifty = 50 * 1024 * 1024;
    // the server runs in this process: sample what it holds (heap and buffers) while the uploads stream
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const start = held();
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, held());
    }, 10);
    const declared = await streamHugeUpload(server, reader.token, fifty, true);
    expect(declared.status).toBe(413);
    expect(declared.body.msg).toBe("图片总大小不能超过 40 MB，请减少图片或压缩后再试");
    // answered on its headers: at most a few socket buffers of the body went out before the answer
    expect(declared.sent).toBeLessThan(16 * 1024 * 1024);
    expect(declared.ms).toBeLessThan(3000);
    // without a length, the one picture is cut off at its own limit while it streams
    const chunked = await streamHugeUpload(server, reader.token, fifty, false);
    expect(chunked.status).toBe(413);
    expect(chunked.body.msg).toBe("单张图片不能超过 10 MB，请压缩后再试");
    expect(chunked.ms).toBeLessThan(10_000);
    // answered while the upload was still being sent
    expect(chunked.sent).toBeLessThan(24 * 1024 * 1024);
    clearInterval(sampler);
    // one picture's limit (10 MB) is held at most, with its copy when joined, and what the collector
    // has not yet freed of the chunks read: far from the two uploads' 100 MB
    expect(peak - start).toBeLessThan(50 * 1024 * 1024);
    // the server still answers
    expect((await postTip(server, reader.token, { text: tipText })).status).toBe(200);
  });

  it("R-TIP-1 the receipt shows the sender everything, anyone else the status only; unknown and malformed codes 404", async () => {
    const reader = await server.login(nextPhone());
    const sent = await postTip(server, reader.token, { text: tipText, place: "江澜公园" }, [
      { bytes: await picture(), name: "a.jpg", type: "image/jpeg" },
    ]);
    const receipt: string = sent.body.data.receipt;
    const own = await server.get(`/peony/v1/tips/receipt/${receipt.toLowerCase()}`, reader.token);
    expect(own.body.data).toMatchObject({ receipt, mine: true, text: tipText, place: "江澜公园", status: "received" });
    const other = await server.get(
      `/peony/v1/tips/receipt/${receipt.slice(0, 4)}-${receipt.slice(4)}`,
      await server.anonymousToken(),
    );
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({
      receipt,
      mine: false,
      text: "",
      place: "",
      pictures: [],
      picture_count: 1,
    });
    for (const code of ["ZZZZZZZZ", "0O1I0O1I", "abc", "%E4%B8%AD%E6%96%87"]) {
      const answer = await server.get(`/peony/v1/tips/receipt/${code}`);
      expect(answer.status, code).toBe(404);
      expect(answer.body.msg).toBe("回执码不存在，请核对后再试");
    }
  });

  it(`R-SEC-RATE a user sends at most 5 tips an hour, also when 8 arrive at once (${testDialect})`, async () => {
    const reader = await server.login(nextPhone());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postTip(server, reader.token, { text: tipText })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(refused[0]?.body.msg).toBe("每小时最多提交 5 条爆料，请稍后再试");
    // another user is not held back
    const other = await server.login(nextPhone());
    expect((await postTip(server, other.token, { text: tipText })).status).toBe(200);
  });

  it("R-SEC-RATE receipt lookups are limited to 60 a minute per address, so codes cannot be found by trying them", async () => {
    const lookup = (i: number, from: string) =>
      server.get(`/peony/v1/tips/receipt/ZZZZZZZ${"23456789"[i % 8]}`, null, { "x-forwarded-for": from });
    const answers = [];
    for (let i = 0; i < 70; i++) answers.push((await lookup(i, "203.0.113.7")).status);
    expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(answers.slice(60).every((status) => status === 429)).toBe(true);
    // another address is not held back, nor the site's own server on this machine (it renders every receipt page)
    expect((await lookup(0, "203.0.113.8")).status).toBe(404);
    for (let i = 0; i < 70; i++) expect((await server.get("/peony/v1/tips/receipt/ZZZZZZZZ")).status).toBe(404);
  });
});
