import sharp from "sharp";

/**
 * A phone camera's photo: 4000×3000 JPEG, quality 95 without chroma subsampling, gradients under
 * sensor-like noise of `amplitude` (noise is what makes camera JPEGs large: 28 gives about 10 MB),
 * with EXIF naming the camera and a GPS position. The same bytes every time for the same amplitude.
 */
export function cameraPhoto(amplitude = 28): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 20261126;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * amplitude;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = 60 + (x / width) * 150 + noise();
      raw[i + 1] = 90 + (y / height) * 120 + noise();
      raw[i + 2] = 170 - ((x + y) / (width + height)) * 120 + noise();
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withExif({
      IFD0: { Make: "JianglanPhone", Model: "X1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 15/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "120/1 10/1 0/1" },
    })
    .toBuffer();
}
