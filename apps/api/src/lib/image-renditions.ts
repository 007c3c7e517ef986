/**
 * Picture renditions by the browser's `Accept` header: a JPEG or PNG under the media directory may
 * have AVIF and WebP siblings (`covers/a.jpg` → `covers/a.avif`, `covers/a.webp`). A browser that
 * names a format in its `Accept` header gets the smallest picture it accepts; one that names none of
 * them (iOS 12, Chrome before 85 for AVIF) gets the original. Wildcards (`image/*`, `*∕*`) never
 * select a rendition: every browser sends them, including those that cannot decode AVIF.
 */
import { statSync } from "node:fs";
import { resolve, sep } from "node:path";

/** Formats a picture may have beside it, best compression first. */
export const renditionFormats = [
  { type: "image/avif", extension: ".avif" },
  { type: "image/webp", extension: ".webp" },
] as const;

const negotiable = /\.(jpe?g|png)$/i;

/** Whether a media path is a picture that may have renditions (its answer varies by `Accept`). */
export function hasRenditions(path: string): boolean {
  return negotiable.test(path);
}

/** The media types an `Accept` header names explicitly with a quality above zero. */
export function acceptedImageTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  if (!accept) return types;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (type.startsWith("image/") && type !== "image/*") types.add(type);
  }
  return types;
}

/**
 * Bytes of a file under the media directory, or null when there is none or the path leads out of the
 * directory (never looked at); kept for a minute.
 */
export function createSizeLookup(root: string, ttlMs = 60_000, maxEntries = 10_000) {
  const base = resolve(root) + sep;
  const known = new Map<string, { size: number | null; at: number }>();
  return (path: string, now = Date.now()): number | null => {
    const file = resolve(base, path);
    if (!file.startsWith(base) || path.includes("\0")) return null;
    const hit = known.get(path);
    if (hit && now - hit.at < ttlMs) return hit.size;
    let size: number | null = null;
    try {
      const stat = statSync(file);
      size = stat.isFile() ? stat.size : null;
    } catch {
      size = null;
    }
    if (known.size >= maxEntries) known.clear();
    known.set(path, { size, at: now });
    return size;
  };
}

/**
 * The path to send for a requested picture: the smallest of the original and the renditions the
 * browser accepts that exist. Paths that are not negotiable pictures are returned unchanged.
 */
export function chooseRendition(path: string, accept: string | undefined, sizeOf: (path: string) => number | null) {
  if (!hasRenditions(path)) return path;
  const accepted = acceptedImageTypes(accept);
  let best = path;
  let bestSize = sizeOf(path);
  if (bestSize === null) return path;
  const stem = path.replace(negotiable, "");
  for (const format of renditionFormats) {
    if (!accepted.has(format.type)) continue;
    const candidate = stem + format.extension;
    const size = sizeOf(candidate);
    if (size !== null && size < bestSize) {
      best = candidate;
      bestSize = size;
    }
  }
  return best;
}
