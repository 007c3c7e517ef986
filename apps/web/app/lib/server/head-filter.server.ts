const modulePreload = /<link rel="modulepreload"[^>]*>/g;
const headEndBytes = Buffer.from("</head>");
const preloadBytes = Buffer.from("modulepreload");
const tagOpen = 0x3c; // <
const tagClose = 0x3e; // >

/**
 * The hints dropped from a piece of the head, byte for byte: the bytes are read as Latin-1 (one
 * character per byte, so a multi-byte character split across chunks passes whole) and a piece that
 * names no modulepreload is passed as it is, without a copy.
 */
function withoutHints(head: Buffer): Buffer {
  if (head.indexOf(preloadBytes) < 0) return head;
  return Buffer.from(head.toString("latin1").replace(modulePreload, ""), "latin1");
}

/** The head filter's state over one page: each chunk in, what goes out of it; `end` gives what was held back. */
export interface HeadFilter {
  push(chunk: Buffer): Buffer;
  end(): Buffer | null;
}

/**
 * Drops `<link rel="modulepreload">` hints from the head of a streamed page. Fetched at high priority
 * before anything is drawn, they compete with the page itself on a slow phone connection (in Lighthouse's
 * mobile run they pushed first paint from about 0.9 s to 1.7 s). The scripts still load: the page's
 * module script imports them; only the head start is given up. After `</head>` the bytes pass
 * untouched, chunk by chunk, never decoded.
 */
export function headFilter(): HeadFilter {
  let inHead = true;
  let carry: Buffer | null = null;
  return {
    push(chunk) {
      if (!inHead) return chunk;
      let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      const headEnd = bytes.indexOf(headEndBytes);
      if (headEnd >= 0) {
        inHead = false;
        const head = bytes.subarray(0, headEnd);
        const kept = withoutHints(head);
        // a head without hints (the article's, for one) passes as it came, not copied
        return kept === head ? bytes : Buffer.concat([kept, bytes.subarray(headEnd)]);
      }
      // keep an unfinished tag for the next chunk
      const open = bytes.lastIndexOf(tagOpen);
      if (open >= 0 && bytes.indexOf(tagClose, open) < 0) {
        carry = Buffer.from(bytes.subarray(open));
        bytes = bytes.subarray(0, open);
      }
      return withoutHints(bytes);
    },
    end() {
      const rest = carry;
      carry = null;
      return rest;
    },
  };
}
