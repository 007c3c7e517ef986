import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { tipLimits } from "@davmu/contracts/tips";
import sharp from "sharp";

/** Formats a tip's picture may arrive in, recognised by content (sharp reads the bytes, not the name). */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

/** Pixels a picture may have before it is decoded (decompression bombs are refused unread). */
const maxInputPixels = 60_000_000;

/** Why a file is not taken, in words for the visitor. */
/** A stored picture (a tip's, a form answer's): the JPEG's path under the media directory (its renditions beside it). */
export interface StoredPicture {
  path: string;
  width: number;
  height: number;
}

export class PictureRefused extends Error {}

export interface PreparedPicture {
  jpeg: Buffer;
  avif: Buffer;
  webp: Buffer;
  width: number;
  height: number;
}

/**
 * Checks a file by its content and makes what is stored of it: turned upright by its EXIF
 * orientation, fitted within the longest side, re-encoded without any metadata (EXIF, GPS, XMP, ICC
 * comments: sharp writes none unless asked), as JPEG with AVIF and WebP renditions of the same pixels.
 */
export async function preparePicture(bytes: Buffer, index: number): Promise<PreparedPicture> {
  const label = `第 ${index + 1} 张图片`;
  let format: string | undefined;
  let compression: string | undefined;
  let pixels = 0;
  try {
    // the header only: the size it declares is checked before any pixel is decoded
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    compression = meta.compression;
    if (!meta.width || !meta.height) throw new Error("no size");
    pixels = meta.width * meta.height;
  } catch {
    throw new PictureRefused(`${label}不是可识别的图片，请换一张`);
  }
  if (pixels > maxInputPixels) {
    throw new PictureRefused(`${label}尺寸过大，请上传 ${maxInputPixels / 10_000} 万像素以内的图片`);
  }
  // HEIC (HEVC inside HEIF, iPhone's camera format) is not decodable here; AVIF (AV1 inside HEIF) is
  if (format === "heif" && compression !== "av1") {
    throw new PictureRefused(`${label}是 HEIC 格式，暂不支持，请在相机设置中选择“兼容性最佳”或截图后上传`);
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new PictureRefused(`${label}的格式不受支持，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片`);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, pages: 1, failOn: "error" })
      .rotate()
      .resize({
        width: tipLimits.longestSide,
        height: tipLimits.longestSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const [avif, webp] = await Promise.all([
      sharp(data).avif({ quality: 50, effort: 2 }).toBuffer(),
      sharp(data).webp({ quality: 78 }).toBuffer(),
    ]);
    return { jpeg: data, avif, webp, width: info.width, height: info.height };
  } catch {
    throw new PictureRefused(`${label}已损坏，无法读取，请换一张`);
  }
}

/** A new unguessable stem under the media directory: tips/{yyyy}{mm}/{32 hex}. */
export function newPictureStem(now = Date.now()): string {
  const month = new Date(now).toISOString().slice(0, 7).replace("-", "");
  return `tips/${month}/${randomBytes(16).toString("hex")}`;
}

/** Writes a prepared picture and its renditions; answers what the tip records of it. */
export async function storePicture(
  mediaDir: string,
  picture: PreparedPicture,
  stem = newPictureStem(),
): Promise<StoredPicture> {
  const base = join(mediaDir, stem);
  await mkdir(dirname(base), { recursive: true });
  await Promise.all([
    writeFile(`${base}.jpg`, picture.jpeg, { flag: "wx" }),
    writeFile(`${base}.avif`, picture.avif, { flag: "wx" }),
    writeFile(`${base}.webp`, picture.webp, { flag: "wx" }),
  ]);
  return { path: `${stem}.jpg`, width: picture.width, height: picture.height };
}

/** Removes stored pictures (a tip refused after its pictures were written). */
export async function removePictures(mediaDir: string, pictures: readonly StoredPicture[]): Promise<void> {
  const stems = pictures.map((p) => join(mediaDir, p.path.replace(/\.jpg$/, "")));
  await Promise.all(stems.flatMap((stem) => [".jpg", ".avif", ".webp"].map((ext) => rm(stem + ext, { force: true }))));
}
