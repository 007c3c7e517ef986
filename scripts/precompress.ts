/**
 * Compresses the built static files once, at build time (decision 102): beside each script, style sheet
 * and page of the share site's and the console's builds, a `.br` (brotli 11) and a `.gz` (gzip 9),
 * which the server sends as they are (`@fastify/static`'s `preCompressed`) to a browser that accepts
 * them. Without them every download of a script was compressed again on the request, at brotli 4.
 * A file under 1 KiB, or one whose compressed form saves under a tenth, gets none: it goes as it is,
 * or through the HTTP layer's compression as before.
 *
 * Usage: node scripts/precompress.ts [folder…] (default: the two builds). Runs after `npm run build`.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { twinMinimumBytes } from "@davmu/http-cache/built-files";

const root = new URL("..", import.meta.url).pathname;
const defaultFolders = ["apps/web/build/client", "apps/console/build"];

/** What text-like files the builds hold; pictures and fonts are compressed already. */
export const compressedTypes = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".webmanifest"]);
/** The smallest file worth a compressed twin: the HTTP layer's own threshold. */
export const minimumBytes = twinMinimumBytes;
/** The twin is kept only if it is at most this fraction of the file. */
const keptRatio = 0.9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Twin {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/** The files of a folder, below it at any depth, that precompression is for. */
function candidates(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => compressedTypes.has(extname(name)))
    .map((name) => join(folder, name));
}

/** Writes the twins of one file (and removes stale ones a file no longer earns). */
async function compressFile(file: string): Promise<Twin> {
  const body = readFileSync(file);
  const twin: Twin = { file, bytes: body.length };
  for (const suffix of [".br", ".gz"]) rmSync(file + suffix, { force: true });
  if (body.length < minimumBytes) return twin;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  if (br.length <= body.length * keptRatio) {
    writeFileSync(`${file}.br`, br);
    twin.br = br.length;
  }
  if (gz.length <= body.length * keptRatio) {
    writeFileSync(`${file}.gz`, gz);
    twin.gz = gz.length;
  }
  return twin;
}

/** Compresses every candidate of the folders, a few at a time (zlib's pool does the work). */
export async function precompress(folders: string[]): Promise<Twin[]> {
  const files = folders.flatMap(candidates);
  const twins: Twin[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
      while (next < files.length) {
        const file = files[next++] as string;
        twins.push(await compressFile(file));
      }
    }),
  );
  return twins;
}

if (import.meta.main) {
  const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : defaultFolders.map((f) => join(root, f));
  const started = performance.now();
  const twins = await precompress(folders);
  const kept = twins.filter((t) => t.br !== undefined);
  const bytes = kept.reduce((sum, t) => sum + t.bytes, 0);
  const br = kept.reduce((sum, t) => sum + (t.br ?? 0), 0);
  console.log(
    `precompressed ${kept.length} of ${twins.length} files: ${(bytes / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
