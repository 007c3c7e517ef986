/**
 * Pictures a reader picks for a tip. A file is sent as it is when it is small; a big one (a phone's
 * full-size photo) is redrawn on a canvas within 2048 px as JPEG first, so nine of them fit the
 * upload. The API checks, turns, resizes and strips every picture in any case. Previews are small
 * data URLs (the pages' CSP allows data: pictures, not blob:).
 */
export interface PickedPicture {
  /** what is uploaded */
  blob: Blob;
  /** a small data URL for the thumbnail; "" when the browser could not draw it */
  preview: string;
}

/** Files up to this size are sent untouched. */
const sendAsIsBytes = 3 * 1024 * 1024;
const longestSide = 2048;
const previewSide = 240;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(blob);
  });
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("not a picture this browser can draw"));
    image.src = source;
  });
}

function draw(image: HTMLImageElement, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext("2d");
  if (context) {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
  }
  return canvas;
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/jpeg", 0.86));
}

/** A picked file as it will be sent, with its thumbnail. A file the browser cannot draw is sent as is (the API judges it). */
export async function pictureFromFile(file: Blob): Promise<PickedPicture> {
  let image: HTMLImageElement;
  try {
    image = await loadImage(await readAsDataUrl(file));
  } catch {
    return { blob: file, preview: "" };
  }
  const preview = draw(image, previewSide).toDataURL("image/jpeg", 0.8);
  if (file.size <= sendAsIsBytes) return { blob: file, preview };
  const smaller = await canvasBlob(draw(image, longestSide));
  return { blob: smaller && smaller.size < file.size ? smaller : file, preview };
}

/** Base64 picture data (WeChat's getLocalImgData: with a data: prefix on iOS, without on Android) as a Blob. */
export function blobFromBase64(data: string): Blob {
  const comma = data.indexOf(",");
  const type = /^data:([^;]+);/.exec(data)?.[1] ?? "image/jpeg";
  const binary = atob(comma >= 0 && data.startsWith("data:") ? data.slice(comma + 1) : data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
