import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { tipLimits } from "@davmu/contracts/tips";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraPhoto as makeCameraPhoto } from "../../../scripts/ops/camera-photo.ts";
import { picturesBusyMessage } from "../src/plugins/picture-work.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { picture, postTip, tipText } from "./tip-helpers.ts";

let phone = 13966660000;
const nextPhone = () => String(phone++);

/** A phone camera's photo of about 10 MB (scripts/ops/camera-photo.ts), made once for the file. */
let made: Promise<Buffer> | undefined;
function cameraPhoto(): Promise<Buffer> {
  made ??= makeCameraPhoto();
  return made;
}

const mediaFile = (mediaDir: string, url: string) => join(mediaDir, url.slice("/media/".length));

const jpegPart = (bytes: Buffer, name = "IMG_0001.JPG") => ({ bytes, name, type: "image/jpeg" });

describe("picture pool beyond capacity (PICTURE_WORKERS=1, PICTURE_QUEUE=1)", () => {
  let server: TestServer;
  let mediaDir: string;
  let photo: Buffer;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "davmu-picture-work-"));
    server = await startTestServer({ MEDIA_DIR: mediaDir, PICTURE_WORKERS: "1", PICTURE_QUEUE: "1" });
    photo = await cameraPhoto();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("R-REL-5 three ~10 MB camera photos sent at once to a pool of one worker and one place: two are stored, the third gets 503 with Retry-After and a message", async () => {
    expect(photo.length).toBeGreaterThan(8 * 2 ** 20);
    expect(photo.length).toBeLessThan(tipLimits.pictureBytes);
    const readers = await Promise.all([nextPhone(), nextPhone(), nextPhone()].map((p) => server.login(p)));
    // the first photo read takes the worker (seconds of work), the second the one place; the third finds none
    const answers = await Promise.all(
      readers.map(async (reader) => {
        const form = new FormData();
        form.append("text", tipText);
        form.append("pictures", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_0001.JPG");
        const response = await fetch(`${server.base}/guzzle/v1/tips`, {
          method: "POST",
          body: form,
          headers: { authorization: reader.token },
          signal: AbortSignal.timeout(30_000),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: await response.json(),
        };
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 503]);
    const refused = answers.find((a) => a.status === 503);
    expect(refused?.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(refused?.body).toEqual({ code: ErrorCode.unavailable, msg: picturesBusyMessage, data: null });
    // what was answered as accepted is stored, with its renditions
    for (const accepted of answers.filter((a) => a.status === 200)) {
      const [stored] = accepted.body.data.pictures;
      for (const url of [stored.url, stored.avif, stored.webp]) expect(existsSync(mediaFile(mediaDir, url))).toBe(true);
      expect(stored).toMatchObject({ width: 2048, height: 1536 });
    }
    // the pool is free again once the work is done: the refused reader's retry is taken
    expect(server.app.pictureWork).toMatchObject({ running: 0, waiting: 0 });
    const refusedReader = readers[answers.indexOf(refused as (typeof answers)[number])];
    const retried = await postTip(server, refusedReader?.token ?? null, { text: tipText }, [
      jpegPart(await picture("jpeg", 1600, 1200)),
    ]);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // two photos' work one after the other: seconds, more on a loaded machine
  }, 45_000);
});

describe("picture pool deadline (PICTURE_WAIT_MS=1000)", () => {
  let server: TestServer;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "davmu-picture-wait-"));
    server = await startTestServer({
      MEDIA_DIR: mediaDir,
      PICTURE_WORKERS: "1",
      PICTURE_QUEUE: "4",
      PICTURE_WAIT_MS: "1000",
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("R-REL-5 a tip whose picture waits past PICTURE_WAIT_MS for a worker is answered 503 with Retry-After, stores nothing, and the pool goes on", async () => {
    const reader = await server.login(nextPhone());
    // the only worker is held, as by a picture that takes long, until the test lets it go
    let release = () => {};
    const held = server.app.pictureWork.run(
      () => new Promise<void>((resolve) => (release = resolve)),
      Date.now() + 60_000,
    );
    const started = performance.now();
    const late = await postTip(server, reader.token, { text: tipText }, [jpegPart(await picture("jpeg", 1600, 1200))]);
    const waitedMs = performance.now() - started;
    release();
    await held;
    expect(late.status).toBe(503);
    expect(late.body).toEqual({ code: ErrorCode.unavailable, msg: picturesBusyMessage, data: null });
    // answered at the deadline rather than when the worker came free (never, without the release)
    expect(waitedMs).toBeGreaterThanOrEqual(900);
    expect(waitedMs).toBeLessThan(10_000);
    expect(server.app.pictureWork.waiting).toBe(0);
    expect(existsSync(join(mediaDir, "tips"))).toBe(false);
    const taken = await postTip(server, reader.token, { text: tipText }, [jpegPart(await picture("jpeg", 1600, 1200))]);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });
});

/** A PNG whose header declares `width`×`height` over one row of real pixel data (a decompression bomb's header). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from("789c636000000000010001", "hex")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("bad pictures", () => {
  let server: TestServer;
  let mediaDir: string;
  let photo: Buffer;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "davmu-bad-pictures-"));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    photo = await cameraPhoto();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("R-REL-5 a truncated camera JPEG, decompression bombs (JPEG and PNG headers declaring 65000×65000) and random bytes declared as an image each get 400 with a message, quickly, and store nothing", async () => {
    const reader = await server.login(nextPhone());
    // the JPEG's frame header (SOF0) rewritten to declare 65000×65000: 4.2 gigapixels, 12 GB decoded
    const jpegBomb = Buffer.from(photo);
    const frame = jpegBomb.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    jpegBomb.writeUInt16BE(65000, frame + 5);
    jpegBomb.writeUInt16BE(65000, frame + 7);
    const random = Buffer.alloc(2 ** 20);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    const cases: [string, { bytes: Buffer; name: string; type: string }, string][] = [
      ["truncated", jpegPart(photo.subarray(0, photo.length >> 1)), "第 1 张图片已损坏，无法读取，请换一张"],
      ["JPEG bomb", jpegPart(jpegBomb), "第 1 张图片尺寸过大，请上传 6000 万像素以内的图片"],
      [
        "PNG bomb",
        { bytes: pngDeclaring(65000, 65000), name: "big.png", type: "image/png" },
        "第 1 张图片尺寸过大，请上传 6000 万像素以内的图片",
      ],
      ["random", { bytes: random, name: "photo.png", type: "image/png" }, "第 1 张图片不是可识别的图片，请换一张"],
      [
        "script",
        { bytes: Buffer.from("GIF89a<script>alert(1)</script>".padEnd(4096, " ")), name: "x.gif", type: "image/gif" },
        "第 1 张图片不是可识别的图片，请换一张",
      ],
    ];
    for (const [name, file, message] of cases) {
      const started = performance.now();
      const answer = await postTip(server, reader.token, { text: tipText }, [file]);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body, name).toEqual({ code: ErrorCode.badRequest, msg: message, data: null });
      expect(performance.now() - started, name).toBeLessThan(10_000);
    }
    expect(existsSync(join(mediaDir, "tips"))).toBe(false);
    // the pool held nothing back for them
    expect(server.app.pictureWork).toMatchObject({ running: 0, waiting: 0 });
  });
});
