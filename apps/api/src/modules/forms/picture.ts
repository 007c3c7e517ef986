import { randomBytes } from "node:crypto";
import { parsePicture } from "@davmu/contracts/form-rules";
import {
  PictureRefused,
  type PreparedPicture,
  preparePicture,
  removePictures,
  type StoredPicture,
  storePicture as storeTipPicture,
} from "../../lib/pictures.ts";

/** Widest and tallest picture a form takes. */
export const pictureMaxSide = 8000;

/** Width and height read from the image's own header, or null when the bytes are not that kind of image. */
export function imageSize(type: string, bytes: Buffer): { width: number; height: number } | null {
  if (type === "image/png") {
    const signature = "89504e470d0a1a0a";
    if (bytes.length < 24 || bytes.subarray(0, 8).toString("hex") !== signature) return null;
    if (bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type === "image/jpeg") {
    if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
    // walk the segments to the first start-of-frame marker
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] as number;
      const length = bytes.readUInt16BE(at + 2);
      const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (frame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      if (length < 2) return null;
      at += 2 + length;
    }
    return null;
  }
  if (type === "image/webp") {
    if (bytes.length < 30) return null;
    if (bytes.subarray(0, 4).toString("latin1") !== "RIFF" || bytes.subarray(8, 12).toString("latin1") !== "WEBP") {
      return null;
    }
    const chunk = bytes.subarray(12, 16).toString("latin1");
    if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    return null;
  }
  return null;
}

/** Where a form's pictures are stored under the media directory: form-uploads/{yyyy}{mm}/{32 hex}. */
function newFormPictureStem(now = Date.now()): string {
  const month = new Date(now).toISOString().slice(0, 7).replace("-", "");
  return `form-uploads/${month}/${randomBytes(16).toString("hex")}`;
}

/**
 * A picture answer checked by its content and stored (R-FORM-1): its bytes must be the image its data
 * URL names, of a sane size; then the tips' upload pipeline reads it with sharp, turns it upright,
 * fits it within 2048 px and stores it without EXIF/GPS, with AVIF and WebP renditions, under an
 * unguessable name. Answers what was stored, or a message for the field; throws the pool's 503 when
 * `prepare` (the picture pool's queue) cannot take it now.
 */
export async function storePicture(
  mediaDir: string,
  value: string,
  prepare: (bytes: Buffer, index: number) => Promise<PreparedPicture> = preparePicture,
): Promise<{ stored: StoredPicture; url: string } | { error: string }> {
  const picture = parsePicture(value);
  if (!picture) return { error: "请上传 JPG、PNG 或 WebP 图片" };
  const bytes = Buffer.from(picture.data, "base64");
  const size = imageSize(picture.type, bytes);
  if (!size) return { error: "图片已损坏或格式不符" };
  if (size.width < 1 || size.height < 1 || size.width > pictureMaxSide || size.height > pictureMaxSide) {
    return { error: `图片尺寸应在1到${pictureMaxSide}像素之间` };
  }
  let prepared: PreparedPicture;
  try {
    prepared = await prepare(bytes, 0);
  } catch (error) {
    if (error instanceof PictureRefused) return { error: "图片已损坏或格式不符" };
    throw error;
  }
  const stored = await storeTipPicture(mediaDir, prepared, newFormPictureStem());
  return { stored, url: `/media/${stored.path}` };
}

/** Removes pictures stored for a submission that was then refused. */
export const removeStoredPictures = removePictures;
