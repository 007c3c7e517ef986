/**
 * Built files answered from memory (decision 103): the hashed scripts and style sheets of a build,
 * with the `.br` and `.gz` twins `npm run build` wrote beside them (scripts/precompress.ts), are read
 * once when the server starts; an answer is then one map lookup and one write of a body and a header
 * list made at start, with no `stat`, no open, no stream and no Fastify request for it.
 *
 * What it answers: a GET or HEAD of a file under one of the folders it was given, when the file has
 * twins or is too small for them (`twinMinimumBytes`: such a file is compressed here, once, as it is
 * read, where that makes it smaller). What it leaves to the server's own static files (`answer`
 * returns 0): any other method or address, a byte range, and the conditional requests it does not
 * settle itself (If-Match, If-Unmodified-Since, If-Range). If-None-Match (and If-Modified-Since
 * without it) is answered 304 as the static files would.
 *
 * The headers are those the static files send (decision 102): the file's type, its length, a weak
 * ETag and Last-Modified from the size and modification time of the file sent (the twin's for a
 * compressed answer: the same values, so a validator one gave is good with the other), the folder's
 * Cache-Control, `Vary: Accept-Encoding` where the file has twins, and the caller's own (a stored
 * file's security headers). Brotli goes to a browser that takes it, else gzip, else the file as built.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Encoding, encodingFor } from "./response-cache.ts";

/**
 * The smallest built file given compressed twins (scripts/precompress.ts), the HTTP layer's own
 * threshold: a smaller one goes as built. A larger one without twins (a build that skipped the
 * step) is left to the static files, which compress it on the way as before.
 */
export const twinMinimumBytes = 1024;

/** The Cache-Control of a hashed built file: its name changes with its content. */
export const immutableCacheControl = "public, max-age=31536000, immutable";

/** A folder of built files and the address it is served under. */
export interface BuiltFolder {
  /** the folder on disk */
  dir: string;
  /** its address, ending in `/` (`/davmu/share/assets/`) */
  prefix: string;
  /** the Cache-Control of its files */
  cacheControl: string;
}

/** The types of the files answered from memory; a file of another type is left to the static files. */
export const builtFileTypes: Readonly<Record<string, string>> = {
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

const twinOf: Readonly<Record<Exclude<Encoding, "identity">, string>> = { br: ".br", gzip: ".gz" };

interface Variant {
  body: Buffer;
  /** its validator: the static files give each file (twin) its own */
  etag: string;
  /** its modification time in whole seconds, as Last-Modified says it */
  modifiedSeconds: number;
  /** name, value pairs, written as they are */
  headers: string[];
  /** the headers of a 304 */
  notModified: string[];
}

type BuiltFile = Record<Encoding, Variant>;

export interface BuiltFiles {
  /**
   * Answers a request for a built file with its status (200, 304), or says it leaves it to the
   * server (0). `traceId` is the answer's X-Trace-Id.
   */
  answer(req: IncomingMessage, res: ServerResponse, traceId?: string): number;
  /** files held */
  readonly files: number;
  /** bytes held, twins included */
  readonly bytes: number;
}

/** The ETag the static files give a file (`send`'s: size and modification time, weak). */
export function staticEtag(size: number, modifiedMs: number): string {
  return `W/"${size.toString(16)}-${modifiedMs.toString(16)}"`;
}

function readTwin(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** A small file's brotli and gzip forms, each where it is smaller than the file. */
function compressedSmall(body: Buffer): { br?: Buffer; gzip?: Buffer } {
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  return { br: br.length < body.length ? br : undefined, gzip: gzip.length < body.length ? gzip : undefined };
}

/** Whether an If-None-Match names the ETag (weak comparison, `*` included). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  for (const part of ifNoneMatch.split(",")) {
    const tag = part.trim();
    if (tag === "*" || tag.replace(/^W\//, "") === bare) return true;
  }
  return false;
}

/**
 * Reads every built file of a known type under the folders (not their subfolders' twins as files of
 * their own) into memory, with its twins.
 */
export function loadBuiltFiles(folders: readonly BuiltFolder[], extraHeaders: readonly string[] = []): BuiltFiles {
  const byPath = new Map<string, BuiltFile>();
  let bytes = 0;
  for (const folder of folders) {
    if (!folder.prefix.endsWith("/")) throw new Error(`a built folder's address ends in "/": ${folder.prefix}`);
    for (const entry of readdirSync(folder.dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const type = builtFileTypes[extname(entry.name)];
      if (!type) continue;
      const path = join(entry.parentPath, entry.name);
      const relative = path.slice(folder.dir.replace(/\/$/, "").length + 1);
      const body = readFileSync(path);
      const onDisk = { br: readTwin(`${path}${twinOf.br}`), gzip: readTwin(`${path}${twinOf.gzip}`) };
      const small = !onDisk.br && !onDisk.gzip;
      if (small && body.length >= twinMinimumBytes) continue;
      // a small file has no twins on disk: it is compressed here, once, where that makes it smaller
      const twins = small ? compressedSmall(body) : onDisk;
      const vary = twins.br || twins.gzip ? ["vary", "accept-encoding"] : [];
      // each variant as the static files send it: its own file's length, time and validator
      const variant = (file: string, encoded: Buffer, encoding: Encoding): Variant => {
        // a twin made here has the file's own time
        const modifiedMs = statSync(small ? path : file).mtime.getTime();
        const etag = staticEtag(encoded.length, modifiedMs);
        const common = [
          ...extraHeaders,
          "accept-ranges",
          "bytes",
          "cache-control",
          folder.cacheControl,
          "last-modified",
          new Date(modifiedMs).toUTCString(),
          "etag",
          etag,
        ];
        return {
          body: encoded,
          etag,
          modifiedSeconds: Math.floor(modifiedMs / 1000),
          headers: [
            ...common,
            "content-type",
            type,
            "content-length",
            String(encoded.length),
            ...vary,
            ...(encoding === "identity" ? [] : ["content-encoding", encoding]),
          ],
          notModified: [...common, ...vary],
        };
      };
      const identity = variant(path, body, "identity");
      byPath.set(`${folder.prefix}${relative}`, {
        identity,
        gzip: twins.gzip ? variant(`${path}${twinOf.gzip}`, twins.gzip, "gzip") : identity,
        br: twins.br ? variant(`${path}${twinOf.br}`, twins.br, "br") : identity,
      });
      bytes += body.length + (twins.br?.length ?? 0) + (twins.gzip?.length ?? 0);
    }
  }

  /** true: the browser's copy is still good (304); false: the body goes; undefined: not settled here */
  function notModified(req: IncomingMessage, file: Variant): boolean | undefined {
    const { headers } = req;
    if (headers["if-match"] || headers["if-unmodified-since"] || headers["if-range"]) return undefined;
    const ifNoneMatch = headers["if-none-match"];
    if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, file.etag);
    const ifModifiedSince = headers["if-modified-since"];
    if (ifModifiedSince === undefined) return false;
    const since = Date.parse(ifModifiedSince);
    return Number.isNaN(since) ? false : file.modifiedSeconds * 1000 <= since;
  }

  return {
    files: byPath.size,
    bytes,
    answer(req, res, traceId = randomUUID()) {
      const { method } = req;
      if (method !== "GET" && method !== "HEAD") return 0;
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const file = byPath.get(query < 0 ? url : url.slice(0, query));
      if (!file || req.headers.range !== undefined) return 0;
      // the variant this browser gets, whose validator it holds if it holds one
      const variant = file[encodingFor(req.headers["accept-encoding"])];
      const fresh = notModified(req, variant);
      if (fresh === undefined) return 0;
      if (fresh) {
        res.writeHead(304, [...variant.notModified, "x-trace-id", traceId]);
        res.end();
        return 304;
      }
      res.writeHead(200, [...variant.headers, "x-trace-id", traceId]);
      if (method === "HEAD") res.end();
      else res.end(variant.body);
      return 200;
    },
  };
}
