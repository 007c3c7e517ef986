import { connect } from "node:net";
import sharp from "sharp";
import { expect } from "vitest";
import type { TestServer } from "./helper.ts";

/** A plain picture of the given format, `width`×`height`. */
export async function picture(
  format: "jpeg" | "png" | "webp" | "avif" = "jpeg",
  width = 640,
  height = 480,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 170 } } });
  return base.toFormat(format).toBuffer();
}

/** A JPEG carrying EXIF with a camera make, a GPS position and a sideways orientation (a reader's phone photo). */
export function jpegWithGps(): Promise<Buffer> {
  return (
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 160, b: 90 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: "JianglanPhone", Model: "X1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "30/1 15/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "120/1 10/1 0/1",
        },
      })
      // held sideways, as phones store portrait photos: the pixels are landscape, EXIF says turn 90°
      .withMetadata({ orientation: 6 })
      .toBuffer()
  );
}

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export const tipText = "江澜路与滨江大道交叉口的井盖松动，车辆经过时响声很大，已有电动车差点摔倒。";

/** Posts a tip as multipart through fetch, as a browser's FormData would. */
export async function postTip(
  server: TestServer,
  token: string | null,
  fields: Record<string, string>,
  files: FilePart[] = [],
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append("pictures", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${server.base}/guzzle/v1/tips`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: token } : {},
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/**
 * Streams a multipart upload of `bytes` bytes in one file part on a raw connection, generated as it
 * goes (the test never holds it whole), with or without Content-Length (then chunked), and reads the
 * answer as soon as it arrives: the server may answer and close before the body is through, and a
 * write refused after that (EPIPE, reset) only ends the sending.
 */
export function streamHugeUpload(
  server: TestServer,
  token: string,
  bytes: number,
  withLength: boolean,
): Promise<{ status: number; body: any; sent: number; ms: number }> {
  const boundary = "----tipboundary7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${tipText}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(server.base);
  const length = head.length + bytes + tail.length;
  const requestHead =
    `POST /guzzle/v1/tips HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    (withLength ? `Content-Length: ${length}\r\n` : "Transfer-Encoding: chunked\r\n") +
    "\r\n";
  const frame = (piece: Buffer) =>
    withLength ? piece : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let received = Buffer.alloc(0);
    let stopped = false;
    const socket = connect(Number(url.port), url.hostname);
    const timer = setTimeout(() => socket.destroy(), 30_000);
    const answer = () => {
      const text = received.toString("utf8");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const body = text.slice(text.indexOf("\r\n\r\n") + 4);
      const json = body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1);
      return status && json
        ? { status: Number(status[1]), body: JSON.parse(json), sent, ms: Date.now() - started }
        : null;
    };
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const done = answer();
      if (done && /\r\n\r\n[\s\S]*\}/.test(received.toString("utf8"))) {
        stopped = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(done);
      }
    });
    socket.on("error", () => {
      stopped = true;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      if (!stopped || !answer()) {
        const done = answer();
        if (done) resolve(done);
        else reject(new Error(`no answer after ${sent} bytes`));
      }
    });
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const pump = () => {
      while (!stopped && sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!socket.write(frame(piece))) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!stopped) socket.write(withLength ? tail : Buffer.concat([frame(tail), Buffer.from("0\r\n\r\n")]));
    };
    socket.on("connect", () => {
      socket.write(requestHead);
      socket.write(frame(head));
      pump();
    });
  });
}

/**
 * A reader's receipt looked up through the site's receipt page (`siteBase`) by a guesser at one
 * address behind a trusted proxy (`X-Forwarded-For`), codes tried one after another with the real one
 * first: the first 60 lookups are answered (the real code's page, then 302 for each wrong one), the 61st
 * is the 429 page with `Retry-After: 60`; another visitor's address, and a page asked for from this
 * machine itself, still read theirs. `api` is where the tip is sent.
 */
export async function expectReceiptLookupsLimited(api: TestServer, siteBase: string): Promise<void> {
  const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";
  const reader = await api.login("13900770001");
  const sent = await postTip(api, reader.token, { text: "桥下的路灯坏了三天，晚上很黑，请有关部门看看。" });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const receipt: string = sent.body.data.receipt;
  // each answer read whole: a body left unread would keep its connection, and the server's close, waiting
  const page = async (code: string, from: string | null) => {
    const answer = await fetch(`${siteBase}/davmu/share/dejin/tip/${code}/index.html`, {
      headers: { "user-agent": phone, ...(from ? { "x-forwarded-for": from } : {}) },
      redirect: "manual",
    });
    return { status: answer.status, retryAfter: answer.headers.get("retry-after"), text: await answer.text() };
  };
  const statuses: number[] = [];
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const guess = (i: number) => `GUESS${alphabet[i % 32]}${alphabet[Math.floor(i / 32) % 32]}Z`;
  for (let i = 0; i < 61; i++) statuses.push((await page(i === 0 ? receipt : guess(i), "203.0.113.77")).status);
  expect(statuses[0]).toBe(200);
  expect(statuses.slice(1, 60).every((status) => status === 302)).toBe(true);
  const refused = await page(receipt, "203.0.113.77");
  expect(refused.status).toBe(429);
  expect(refused.text).toContain("操作过于频繁，请稍后再试");
  expect(refused.retryAfter).toBe("60");
  // another visitor, and a page asked from this machine itself, are not held by that address's count
  expect((await page(receipt, "198.51.100.8")).status).toBe(200);
  expect((await page(receipt, null)).status).toBe(200);
}
