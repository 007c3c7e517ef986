import type { Readable } from "node:stream";
import { tipLimits } from "@davmu/contracts/tips";
import type { FastifyRequest } from "fastify";
import { ApiError, badRequest } from "../../lib/api-error.ts";
import { PictureRefused, type PreparedPicture, preparePicture } from "./pictures.ts";

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const tooLarge = (message: string) => new ApiError(413, 413, message);
export const requestTooLargeMessage = `图片总大小不能超过 ${mb(tipLimits.requestBytes)}，请减少图片或压缩后再试`;
const pictureTooLargeMessage = `单张图片不能超过 ${mb(tipLimits.pictureBytes)}，请压缩后再试`;
const tooManyMessage = `最多上传 ${tipLimits.pictures} 张图片`;

/** The multipart parser's limits for a tip (busboy's): a tenth file, a bigger file or stray parts stop it. */
export const multipartLimits = {
  fileSize: tipLimits.pictureBytes,
  files: tipLimits.pictures,
  fields: 3,
  fieldSize: 16 * 1024,
  parts: tipLimits.pictures + 3,
  headerPairs: 20,
};

export interface TipForm {
  text: string;
  place: string;
  contact: string;
  pictures: PreparedPicture[];
}

/** Text as stored: control characters other than line breaks removed, surrounding space trimmed. */
function clean(value: string): string {
  const unified = value.replace(/\r\n?/g, "\n");
  let kept = "";
  for (const char of unified) {
    const code = char.charCodeAt(0);
    if (char === "\n" || (code >= 0x20 && code !== 0x7f)) kept += char;
  }
  return kept.trim();
}

const length = (value: string) => Array.from(value).length;

/** Bytes of each block a picture is copied into as it arrives. */
const pictureBlock = 1024 * 1024;

/**
 * One picture's bytes, refused as soon as it passes its limit: busboy cuts the file there and marks
 * it truncated; stopping at once (rather than letting the parser skip the rest of the part) leaves
 * the rest of the request unread, and the answer closes the connection.
 */
function readPicture(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // copied as it comes into blocks of 1 MiB rather than kept as the socket's chunks: each chunk is a
    // slice of a 64 KiB read buffer from the allocator's heap, and ten uploads kept whole there leave
    // it fragmented once they are freed (R-REL-5); blocks this large are mapped apart and unmapped
    // when freed, and a chunk copied is free to be collected at once
    const blocks: Buffer[] = [];
    let used = pictureBlock;
    let size = 0;
    const refuse = () => {
      blocks.length = 0;
      file.destroy();
      reject(tooLarge(pictureTooLargeMessage));
    };
    file.on("data", (chunk: Buffer) => {
      for (let offset = 0; offset < chunk.length; ) {
        if (used === pictureBlock) {
          blocks.push(Buffer.allocUnsafe(pictureBlock));
          used = 0;
        }
        const copied = chunk.copy(blocks[blocks.length - 1] as Buffer, used, offset);
        used += copied;
        offset += copied;
        size += copied;
      }
    });
    file.once("limit", refuse);
    file.once("end", () => (file.truncated ? refuse() : resolve(Buffer.concat(blocks, size))));
    file.once("error", reject);
  });
}

/** What the multipart parser throws, as the visitor's message. */
function describe(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof PictureRefused) return badRequest(error.message);
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(pictureTooLargeMessage);
  if (code === "FST_FILES_LIMIT") return badRequest(tooManyMessage);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return badRequest("表单内容过多");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest("请以 multipart/form-data 提交爆料");
  return badRequest("上传未完成或格式有误，请重试");
}

/**
 * Reads a tip's form part by part: fields, and each picture (at most the per-picture limit held at
 * once) checked and prepared by `prepare` as it arrives (the picture pool's queue: the rest of the body
 * waits meanwhile); the request as a whole may carry at most the total limit.
 * Throws an ApiError with the visitor's message for anything wrong.
 */
export async function readTipForm(
  request: FastifyRequest,
  prepare: (bytes: Buffer, index: number) => Promise<PreparedPicture> = preparePicture,
): Promise<TipForm> {
  if (!request.isMultipart()) throw describe({ code: "FST_INVALID_MULTIPART_CONTENT_TYPE" });
  const fields: Record<string, string> = {};
  const pictures: PreparedPicture[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === "field") {
        if (!["text", "place", "contact"].includes(part.fieldname) || typeof part.value !== "string") {
          throw badRequest(`未知的表单字段：${part.fieldname.slice(0, 30)}`);
        }
        if (part.valueTruncated) throw badRequest("文字内容过长");
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "pictures") {
        part.file.resume();
        throw badRequest(`未知的文件字段：${part.fieldname.slice(0, 30)}`);
      }
      const bytes = await readPicture(part.file);
      total += bytes.length;
      if (total > tipLimits.requestBytes) throw tooLarge(requestTooLargeMessage);
      if (bytes.length === 0) throw badRequest(`第 ${pictures.length + 1} 张图片是空文件`);
      // the name and the declared type are not looked at: the bytes say what the file is
      pictures.push(await prepare(bytes, pictures.length));
    }
  } catch (error) {
    throw describe(error);
  }
  const text = clean(fields.text ?? "");
  const place = clean(fields.place ?? "");
  const contact = clean(fields.contact ?? "");
  if (length(text) < tipLimits.textMin) throw badRequest(`请描述事情经过，至少 ${tipLimits.textMin} 个字`);
  if (length(text) > tipLimits.textMax) throw badRequest(`爆料内容不能超过 ${tipLimits.textMax} 个字`);
  if (length(place) > tipLimits.placeMax) throw badRequest(`地点不能超过 ${tipLimits.placeMax} 个字`);
  if (length(contact) > tipLimits.contactMax) throw badRequest(`联系方式不能超过 ${tipLimits.contactMax} 个字`);
  return { text, place, contact, pictures };
}
