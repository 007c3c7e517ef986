/**
 * Parallel pictures (R-REL-5): ten readers each send a tip with a ~10 MB camera-sized JPEG at the same
 * moment to one instance of the API (`apps/api/src/main.ts`, SQLite, its own media directory). Prints
 * the answers by status, each answer's time, what was stored for each acceptance, and the instance's
 * resident memory before, at its peak and after the work; then a PASS/FAIL line per target: every
 * answer within 30 s, every 503 with Retry-After, no other 5xx, every accepted tip's picture on disk,
 * and memory back within 20% of its level before (waited for at most 60 s).
 * Usage: node scripts/faults-pictures.ts [--tips 10] [NAME=value ...] (added to the instance's
 * environment, e.g. PICTURE_WORKERS=2); exits non-zero when a target is missed. The fault suite may
 * import `parallelPictures` instead, which answers the checks and figures.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tipLimits } from "@davmu/contracts/tips";
import { startInstance } from "@davmu/test-support/launch";
import sharp from "sharp";
import { cameraPhoto } from "./ops/camera-photo.ts";

const answerBudgetMs = 30_000;
/** Longer than any answer may take, so that a hang is measured as one rather than cut short. */
const clientTimeoutMs = 120_000;
const settleMs = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** A phone photo's worth of JPEG (camera-photo.ts), as close under the per-picture limit as its noise allows. */
async function cameraPhotoUnderLimit(): Promise<Buffer> {
  for (let amplitude = 30; amplitude > 10; amplitude -= 2) {
    const jpeg = await cameraPhoto(amplitude);
    if (jpeg.length < tipLimits.pictureBytes) return jpeg;
  }
  throw new Error("no photo under the per-picture limit");
}

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const post = async (origin: string, path: string, body: unknown, token?: string) =>
  (
    await fetch(origin + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    })
  ).json();

/** Logs a phone in the way the app does: an anonymous token, an SMS code (the development outbox), the code. */
async function login(origin: string, phone: string): Promise<string> {
  const anonymous = (await post(origin, "/peony/v1/auth", { appid: 1, platform: "mobile" })).data.token;
  await fetch(`${origin}/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: anonymous } });
  const outbox = await (await fetch(`${origin}/dev/sms-outbox?tel=${phone}`)).json();
  const answer = await post(origin, "/peony/v1/auth", {
    appid: 1,
    platform: "mobile",
    account: phone,
    verify_code: outbox.data.list[0]?.code,
  });
  if (answer.code !== 0) throw new Error(`login of ${phone} failed: ${JSON.stringify(answer)}`);
  return answer.data.token;
}

interface Answer {
  status: number | "none";
  ms: number;
  retryAfter: string | null;
  msg: string;
  pictures: string[];
}

async function sendTip(origin: string, token: string, photo: Buffer, index: number): Promise<Answer> {
  const form = new FormData();
  form.append("text", `第 ${index + 1} 位读者：江澜路与滨江大道交叉口的井盖松动，车辆经过时响声很大。`);
  form.append("pictures", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `IMG_${1000 + index}.JPG`);
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/guzzle/v1/tips`, {
      method: "POST",
      body: form,
      headers: { authorization: token },
      signal: AbortSignal.timeout(clientTimeoutMs),
    });
    const body = await response.json().catch(() => ({}));
    return {
      status: response.status,
      ms: Math.round(performance.now() - started),
      retryAfter: response.headers.get("retry-after"),
      msg: body.msg ?? "",
      pictures: (body.data?.pictures ?? []).map((p: { url: string }) => p.url),
    };
  } catch (error) {
    return {
      status: "none",
      ms: Math.round(performance.now() - started),
      retryAfter: null,
      msg: (error as Error).message,
      pictures: [],
    };
  }
}

export interface PicturesResult {
  /** Every target met. */
  pass: boolean;
  /** One line per target, as printed. */
  checks: { pass: boolean; text: string }[];
  figures: {
    byStatus: Record<string, number>;
    maxAnswerMs: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    rssAfterMb: number;
    afterMs: number;
    accepted: number;
    stored: boolean;
  };
}

/**
 * The run: `tips` readers at once against a fresh instance started with `env` added (PICTURE_WORKERS
 * and the like). Logs as it goes through `log`; stops the instance and removes its files at the end.
 */
export async function parallelPictures(
  tips = 10,
  env: Record<string, string> = {},
  log: (line: string) => void = console.log,
): Promise<PicturesResult> {
  const checks: { pass: boolean; text: string }[] = [];
  const check = (pass: boolean, text: string) => {
    checks.push({ pass, text });
    log(`${pass ? "PASS" : "FAIL"} ${text}`);
  };

  const photo = await cameraPhotoUnderLimit();
  const meta = await sharp(photo).metadata();
  log(`picture: ${meta.width}×${meta.height} JPEG, ${(photo.length / 2 ** 20).toFixed(2)} MiB, with EXIF and GPS`);

  const dir = mkdtempSync(join(tmpdir(), "davmu-faults-pictures-"));
  const mediaDir = join(dir, "media");
  mkdirSync(mediaDir);
  const instance = await startInstance({
    DATABASE_URL: `sqlite:${join(dir, "davmu.db")}`,
    MEDIA_DIR: mediaDir,
    // the API alone: the pages play no part in a tip's upload
    SERVE_WEB: "false",
    // ten readers on one address: the per-address caps of a real crowd are not what is measured
    OTP_PER_IP_PER_HOUR: "100000",
    LOGIN_PER_IP_PER_MINUTE: "100000",
    ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000",
    ...env,
  });
  const pid = instance.child.process.pid as number;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < tips; i++) tokens.push(await login(instance.origin, String(13700000000 + i)));
    // one tip with a small picture first: the code paths are loaded, as on a server that has run a while
    await sendTip(instance.origin, tokens[0] as string, await sharp(photo).resize(640).jpeg().toBuffer(), 0);
    await sleep(2000);
    const before = rssOf(pid);
    let peak = before;
    sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 50);

    const answers = await Promise.all(tokens.map((token, i) => sendTip(instance.origin, token, photo, i)));
    peak = Math.max(peak, rssOf(pid));
    const done = performance.now();
    let after = rssOf(pid);
    while (performance.now() - done < settleMs && after > before * 1.2) {
      await sleep(1000);
      after = rssOf(pid);
      peak = Math.max(peak, after);
    }
    clearInterval(sampler);
    const settledMs = Math.round(performance.now() - done);

    const byStatus: Record<string, number> = {};
    for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    log(`answers: ${JSON.stringify(byStatus)}`);
    for (const [i, answer] of answers.entries()) {
      const retry = answer.retryAfter ? ` retry-after ${answer.retryAfter}` : "";
      log(`  tip ${i + 1}: ${answer.status} in ${answer.ms} ms${retry} ${answer.status === 200 ? "" : answer.msg}`);
    }
    const times = answers.map((a) => a.ms);
    log(`answer times: max ${Math.max(...times)} ms, min ${Math.min(...times)} ms`);
    log(
      `RSS: before ${mb(before)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB (${settledMs} ms after the last answer)`,
    );

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 503);
    const stored = accepted.every(
      (a) =>
        a.pictures.length === 1 &&
        a.pictures.every((url) =>
          [".jpg", ".avif", ".webp"].every((ext) =>
            existsSync(join(mediaDir, url.replace(/^\/media\//, "").replace(/\.jpg$/, ext))),
          ),
        ),
    );
    check(
      answers.every((a) => a.status !== "none" && a.ms <= answerBudgetMs),
      `every tip answered within ${answerBudgetMs / 1000} s (max ${Math.max(...times)} ms)`,
    );
    check(
      answers.every((a) => a.status === 200 || a.status === 503),
      `every answer is 200 or 503 (${JSON.stringify(byStatus)})`,
    );
    check(
      refused.every((a) => Number(a.retryAfter) > 0 && a.msg.length > 0),
      `every 503 carries Retry-After and a message (${refused.length} refused)`,
    );
    check(
      accepted.length > 0 && stored,
      `every accepted tip has its picture and renditions stored (${accepted.length} accepted)`,
    );
    check(
      after <= before * 1.2,
      `memory back within 20% of its level before: ${mb(before)} → peak ${mb(peak)} → ${mb(after)} MB after ${settledMs} ms`,
    );
    return {
      pass: checks.every((c) => c.pass),
      checks,
      figures: {
        byStatus,
        maxAnswerMs: Math.max(...times),
        rssBeforeMb: mb(before),
        rssPeakMb: mb(peak),
        rssAfterMb: mb(after),
        afterMs: settledMs,
        accepted: accepted.length,
        stored,
      },
    };
  } finally {
    clearInterval(sampler);
    await instance.child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const at = process.argv.indexOf("--tips");
  const env = Object.fromEntries(
    process.argv
      .filter((arg) => /^[A-Z_]+=/.test(arg))
      .map((arg) => [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]),
  );
  const result = await parallelPictures(at > 0 ? Number(process.argv[at + 1]) : 10, env);
  process.exit(result.pass ? 0 : 1);
}
