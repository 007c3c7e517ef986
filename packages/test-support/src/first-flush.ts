/**
 * The first packet of a page as a visitor's browser receives it: one HTTP/1.1 request on a raw
 * socket, and the first `data` event read off it. Answers how many body bytes it held (compressed as
 * sent) and the HTML they decode to, so a check can ask whether the head, the inlined stylesheet, the
 * headline and the lead of the page's type arrived in it.
 */
import { connect } from "node:net";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";

export interface FirstFlush {
  status: number;
  encoding: string;
  /** Body bytes in the first packet, as sent (compressed) */
  bodyBytes: number;
  /** What those bytes decode to */
  html: string;
  /** Every body byte of the answer, as sent */
  totalBodyBytes: number;
  headers: Record<string, string>;
}

/** Body bytes of a chunked (or plain) HTTP/1.1 body, as far as they have arrived. */
function dechunk(raw: Buffer, chunked: boolean): Buffer {
  if (!chunked) return raw;
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString(), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, Math.min(lineEnd + 2 + size, raw.length)));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string): string {
  if (body.length === 0) return "";
  if (encoding === "gzip") return gunzipSync(body, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
  if (encoding === "br")
    return brotliDecompressSync(body, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString();
  return body.toString();
}

export function firstFlush(
  origin: string,
  path: string,
  options: { encoding?: "br" | "gzip" | "identity"; userAgent?: string } = {},
): Promise<FirstFlush> {
  const { hostname, port } = new URL(origin);
  const acceptEncoding = options.encoding ?? "br";
  const userAgent =
    options.userAgent ??
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44";
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${userAgent}\r\n` +
          `Accept: text/html\r\nAccept-Encoding: ${acceptEncoding}\r\nConnection: close\r\n\r\n`,
      );
    });
    const packets: Buffer[] = [];
    socket.on("data", (data: Buffer) => packets.push(data));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        const all = Buffer.concat(packets);
        const headEnd = all.indexOf("\r\n\r\n");
        const [statusLine, ...lines] = all.subarray(0, headEnd).toString().split("\r\n");
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(":");
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const chunked = headers["transfer-encoding"] === "chunked";
        const encoding = headers["content-encoding"] ?? "identity";
        // the headers normally travel with the first burst of the body; if they came alone, the next packet counts
        const headOnly = (packets[0] as Buffer).length <= headEnd + 4;
        const firstBody = headOnly
          ? dechunk((packets[1] ?? Buffer.alloc(0)) as Buffer, chunked)
          : dechunk((packets[0] as Buffer).subarray(headEnd + 4), chunked);
        resolve({
          status: Number(statusLine?.split(" ")[1]),
          encoding,
          bodyBytes: firstBody.length,
          html: decode(firstBody, encoding),
          totalBodyBytes: dechunk(all.subarray(headEnd + 4), chunked).length,
          headers,
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * What the top of each content detail page is, as its first packet must hold it: the headline, and
 * the lead, the first thing under or beside it that tells the story. Where a page has a written
 * summary that is the lead; a short video has none, so its lead is the player with its poster; a
 * gallery's is its first picture with the picture's caption; a live room's is the item's summary
 * under its title.
 */
export const firstPacketTops = {
  article: { headline: /<h1 class="article-title">[^<]+<\/h1>/, lead: /<p class="article-summary">[^<]+<\/p>/ },
  video: { headline: /<h1 class="article-title">[^<]+<\/h1>/, lead: /<p class="article-summary">[^<]+<\/p>/ },
  audio: { headline: /<h1 class="article-title">[^<]+<\/h1>/, lead: /<p class="article-summary">[^<]+<\/p>/ },
  svideo: {
    headline: /<h1 class="svideo-title">[^<]+<\/h1>/,
    lead: /<video class="svideo-player"[^>]* poster="[^"]+"/,
  },
  "audio-album": { headline: /<h1 class="album-title">[^<]+<\/h1>/, lead: /<p class="album-summary">[^<]+<\/p>/ },
  "video-album": { headline: /<h1 class="album-title">[^<]+<\/h1>/, lead: /<p class="album-summary">[^<]+<\/p>/ },
  gallery: {
    headline: /<h1 class="gallery-title">[^<]+<\/h1>/,
    lead: /<img src="[^"]+" alt="[^"]*"[^>]*>[\s\S]*<p class="gallery-caption"[^>]*>[^<]+<\/p>/,
  },
  live: { headline: /<h1 class="live-title">[^<]+<\/h1>/, lead: /<p class="live-lead">[^<]+<\/p>/ },
  "mini-program": {
    headline: /<h1 class="article-title">[^<]+<\/h1>/,
    lead: /<p class="article-summary[^"]*">[^<]+<\/p>/,
  },
  special: { headline: /<h1>[^<]+<\/h1>/, lead: /<p class="special-summary">[^<]+<\/p>/ },
} satisfies Record<string, { headline: RegExp; lead: RegExp }>;

export type DetailPageType = keyof typeof firstPacketTops;

/** What a detail page's first packet must hold to draw the top of the page on its own (an article's by default). */
export function firstPacketHolds(html: string, type: DetailPageType = "article") {
  const top = firstPacketTops[type];
  return {
    head: html.includes("</head>"),
    criticalCss: /<style id="critical-css">[^<]{500,}<\/style>/.test(html),
    headline: top.headline.test(html),
    lead: top.lead.test(html),
  };
}
