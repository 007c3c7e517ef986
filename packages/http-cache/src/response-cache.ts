import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * An in-memory cache of whole responses for anonymous visitors: least recently used entries go first
 * when it is full, every entry expires after its TTL, and entries carry tags so a change to the data
 * behind them (a content item, say) drops them at once. Bodies are kept raw and pre-compressed
 * (gzip and brotli), so a hit costs no rendering, no serialising and no compressing. Nothing here
 * compresses on the event loop: `store` compresses in zlib's thread pool before keeping (brotli 9),
 * and remakes the brotli form at 11 when the entry is asked for again; `set` keeps the raw body at
 * once and compresses it in the pool when it is asked for again.
 */

export type Encoding = "br" | "gzip" | "identity";

/** What is sent for a cached response in one encoding: the body and its headers, built once when stored. */
export interface EncodedAnswer {
  body: Buffer;
  /** Shared by every hit: read it, never change it. */
  headers: Readonly<Record<string, string>>;
  /**
   * The same headers as a flat list (name, value, name, value…) for Node's `writeHead(status, list)`,
   * which writes them as they are, with none of the per-header bookkeeping `setHeader` does.
   */
  headerList: readonly string[];
}

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The compressed bodies; null until they are made (an entry kept by `set`, not asked for again yet). */
  gzip: Buffer | null;
  br: Buffer | null;
  /**
   * Whether `answers` holds the compressed forms. Until then the brotli and gzip answers are the
   * identity one (raw body, no Content-Encoding, its own length): right for any client, only larger.
   */
  compressed: boolean;
  /**
   * Whether `br` is the best form the cache makes of it. An entry kept by `store` is kept at brotli 9
   * and made again at 11 in zlib's pool when it is asked for again (decision 101); one kept by `set`
   * is at its best once compressed (brotli 9).
   */
  finest: boolean;
  /** The answer per encoding, so a hit builds no header set of its own. */
  answers: Readonly<Record<Encoding, EncodedAnswer>>;
  tags: readonly string[];
  expiresAt: number;
}

/** A response to keep, as built: its body raw. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  tags?: readonly string[];
}

const brotliInPool = promisify(brotliCompress);
const gzipInPool = promisify(gzip);
/**
 * Brotli's quality 9 with a window over 64 KiB (lgwin 17 and up, 22 by default) sets up a hasher that
 * costs 50–85 ms of CPU a call whatever the body's size: a 2 KB answer took 12 ms, a 42 KB one 54 ms,
 * a 45 KB page 79 ms. With a window of 64 KiB it took 0.8, 0.9 and 1.3 ms, for the same bytes within
 * 0.5% (docs/performance.md). Qualities 10 and 11 cost the same with either window: theirs is left.
 */
export const brotliWindowBits = (quality: number): number | undefined => (quality <= 9 ? 16 : undefined);

const brotliParams = (quality: number, size: number) => {
  const windowBits = brotliWindowBits(quality);
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      ...(windowBits === undefined ? {} : { [constants.BROTLI_PARAM_LGWIN]: windowBits }),
    },
  };
};

export interface ResponseCacheOptions {
  maxEntries: number;
  /** Longest time an entry is served, in milliseconds */
  ttlMs: number;
  /**
   * How long an expired entry is still kept, in milliseconds, for `get(key, { stale: true })`: a
   * caller may serve it while the response is being built again. 0 (the default) keeps none.
   */
  staleMs?: number;
  /**
   * How many entries may be compressed again in zlib's pool at once (those kept by `set` made smaller,
   * and those kept by `store` made smallest; default 2; the pool has
   * four threads, shared with the file system and crypto). An entry asked for again while that many
   * are being compressed stays as it is (raw, or a stored page at brotli 9), and is compressed when it
   * is asked for after that.
   */
  maxCompressions?: number;
  now?: () => number;
}

export interface ResponseCache {
  /**
   * The entry while it is fresh; with `stale`, also an expired one still within `staleMs` (tell
   * them apart by `expiresAt`). Entries dropped by `invalidate` are never answered.
   */
  get(key: string, options?: { stale?: boolean }): CachedResponse | undefined;
  /**
   * Stores a response at once, raw: it is answered uncompressed (`compressed` false) until it is
   * asked for again, when its gzip and brotli forms (level 9 and quality 9) are made in zlib's pool
   * and then answered, at most `maxCompressions` entries at a time. A miss pays for no compression,
   * and a burst of items asked for once (a crawler) for none at all. `ttlMs` may shorten (never
   * lengthen) the cache's own TTL.
   */
  set(key: string, response: StoredResponse, ttlMs?: number): CachedResponse;
  /** Resolves when no entry is being compressed. */
  compressing(): Promise<void>;
  /** Entries being compressed again now; never more than `maxCompressions`. */
  readonly compressions: number;
  /** Times an entry asked for again stayed as it was (raw, or at brotli 9) because `maxCompressions` were under way. */
  readonly compressionsSkipped: number;
  /**
   * Compresses a response off the event loop (zlib's thread pool: gzip 9 and brotli 9, about 2 ms for
   * a page), then stores it unless `stillWanted` then says no (the data behind it changed meanwhile).
   * Asked for again, its brotli form is made at 11 in the pool (about 45 ms for a page: a page asked
   * for once pays none of it, a page sent many times is sent at its smallest), within
   * `maxCompressions`. Answers the entry, or null when it was not stored.
   */
  store(
    key: string,
    response: StoredResponse,
    ttlMs?: number,
    stillWanted?: () => boolean,
  ): Promise<CachedResponse | null>;
  /** Drops every entry carrying the tag. Answers how many were dropped. */
  invalidate(tag: string): number;
  clear(): void;
  readonly size: number;
  /**
   * Grows with every `invalidate` and `clear`. A response built while it changed may hold data from
   * before the change: compare the value read before building with the one when storing.
   */
  readonly generation: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const now = options.now ?? (() => Date.now());
  const staleMs = options.staleMs ?? 0;
  const maxCompressions = options.maxCompressions ?? 2;
  const underway = new Set<Promise<void>>();
  let compressionsSkipped = 0;
  // a Map iterates in insertion order: re-inserting on every hit keeps the least recently used first
  const entries = new Map<string, CachedResponse>();
  let generation = 0;

  /**
   * The answer per encoding, each with its length, so a hit written straight to the socket is not
   * sent chunked; without compressed bodies, every encoding is answered with the raw one.
   */
  function answers(
    response: { headers: Record<string, string>; body: Buffer },
    gzip: Buffer | null,
    br: Buffer | null,
  ): Record<Encoding, EncodedAnswer> {
    const headers = { ...response.headers, vary: "Accept-Encoding" };
    const answer = (body: Buffer, extra: Record<string, string>): EncodedAnswer => {
      const all = { ...headers, ...extra, "content-length": String(body.length) };
      return { body, headers: all, headerList: Object.entries(all).flat() };
    };
    const identity = answer(response.body, {});
    return {
      identity,
      gzip: gzip ? answer(gzip, { "content-encoding": "gzip" }) : identity,
      br: br ? answer(br, { "content-encoding": "br" }) : identity,
    };
  }

  /** Keeps a response, with its compressed bodies when it has them; the least recently used entry goes when full. */
  function keep(
    key: string,
    response: StoredResponse,
    gzip: Buffer | null,
    br: Buffer | null,
    ttlMs?: number,
    finest = true,
  ): CachedResponse {
    const ttl = Math.min(ttlMs ?? options.ttlMs, options.ttlMs);
    const entry: CachedResponse = {
      status: response.status,
      headers: response.headers,
      body: response.body,
      gzip,
      br,
      compressed: gzip !== null && br !== null,
      finest,
      answers: answers(response, gzip, br),
      tags: response.tags ?? [],
      expiresAt: now() + ttl,
    };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
    return entry;
  }

  /** Entries being compressed, so that one asked for twice meanwhile is compressed once. */
  const beingCompressed = new WeakSet<CachedResponse>();

  /**
   * Makes an entry's better forms in zlib's pool, then answers them from the same entry, unless it was
   * dropped or replaced meanwhile (its data changed: the new entry starts again): a raw entry's gzip and
   * brotli 9 forms, or a stored one's brotli 11. Skipped when `maxCompressions` are under way: a burst
   * of new entries queues no work.
   */
  function compressLater(key: string, entry: CachedResponse) {
    if (beingCompressed.has(entry)) return;
    if (underway.size >= maxCompressions) {
      compressionsSkipped++;
      return;
    }
    beingCompressed.add(entry);
    const size = entry.body.length;
    const made: Promise<() => void> = entry.compressed
      ? brotliInPool(entry.body, brotliParams(11, size)).then((br) => () => {
          entry.br = br;
          entry.answers = answers(entry, entry.gzip, br);
          entry.finest = true;
        })
      : Promise.all([gzipInPool(entry.body, { level: 9 }), brotliInPool(entry.body, brotliParams(9, size))]).then(
          ([gzip, br]) =>
            () => {
              entry.gzip = gzip;
              entry.br = br;
              entry.answers = answers(entry, gzip, br);
              entry.compressed = true;
            },
        );
    const work: Promise<void> = made
      .then((answer) => {
        if (entries.get(key) === entry) answer();
      })
      // compression failing (memory) leaves the entry as it was: it is still answered
      .catch(() => {})
      .finally(() => {
        underway.delete(work);
        beingCompressed.delete(entry);
      });
    underway.add(work);
  }

  return {
    get(key, getOptions) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      const time = now();
      if (entry.expiresAt + staleMs <= time) return undefined;
      entries.set(key, entry);
      if (entry.expiresAt <= time && !getOptions?.stale) return undefined;
      // asked for again: worth its compressed forms, and a stored page its smallest
      if (!entry.compressed || !entry.finest) compressLater(key, entry);
      return entry;
    },
    set(key, response, ttlMs) {
      return keep(key, response, null, null, ttlMs);
    },
    async compressing() {
      while (underway.size > 0) await Promise.all(underway);
    },
    get compressions() {
      return underway.size;
    },
    get compressionsSkipped() {
      return compressionsSkipped;
    },
    async store(key, response, ttlMs, stillWanted = () => true) {
      const [gzip, br] = await Promise.all([
        gzipInPool(response.body, { level: 9 }),
        brotliInPool(response.body, brotliParams(9, response.body.length)),
      ]);
      return stillWanted() ? keep(key, response, gzip, br, ttlMs, false) : null;
    },
    invalidate(tag) {
      generation++;
      let dropped = 0;
      for (const [key, entry] of entries) {
        if (entry.tags.includes(tag)) {
          entries.delete(key);
          dropped++;
        }
      }
      return dropped;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}

/** The best encoding the client accepts, of brotli, gzip and none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}

// clients send few distinct Accept-Encoding values: each is parsed once
const negotiated = new Map<string, Encoding>();

/** `negotiateEncoding`, remembered per header value (a bounded memo: hits parse nothing). */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiateEncoding(acceptEncoding);
    if (negotiated.size >= 200) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The body and headers to send for a cached response in the client's encoding (built when stored). */
export function encodedBody(entry: CachedResponse, encoding: Encoding): EncodedAnswer {
  return entry.answers[encoding];
}
