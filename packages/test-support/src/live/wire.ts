/**
 * A lean WebSocket client for the live bench (RFC 6455, text frames only): the HTTP upgrade on a raw
 * loopback socket, masked client frames, server frames parsed straight from the socket's buffers,
 * pings answered. Thousands of these fit in one worker thread: the bench measures the server, so the
 * client does as little per frame as it can (no event objects, no per-frame allocation besides the
 * payload's string).
 */
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

export interface WireHandlers {
  /** The upgrade was answered 101. */
  open(): void;
  /** One text frame's UTF-8 bytes (a whole message; fragments are joined). Valid until the handler returns. */
  message(payload: Buffer): void;
  /** The connection ended: the close code the server sent, 1006 when it sent none. */
  close(code: number, reason: string): void;
}

export interface Wire {
  send(text: string): void;
  /** A clean close (close frame, then the socket ends). */
  close(code?: number): void;
  /** An abrupt end, as a phone losing its network: no close frame. */
  destroy(): void;
  /** Bytes the kernel has not taken yet. */
  readonly buffered: number;
}

/** One frame, final; masked as a client must send it, unmasked as a server does. */
export function encodeFrame(opcode: number, payload: Buffer, masked: boolean): Buffer {
  const length = payload.length;
  const extra = length < 126 ? 0 : length < 65536 ? 2 : 8;
  const maskBytes = masked ? 4 : 0;
  const out = Buffer.allocUnsafe(2 + extra + maskBytes + length);
  out[0] = 0x80 | opcode;
  const maskBit = masked ? 0x80 : 0;
  if (extra === 0) out[1] = maskBit | length;
  else if (extra === 2) {
    out[1] = maskBit | 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = maskBit | 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  const at = 2 + extra;
  if (!masked) {
    payload.copy(out, at);
    return out;
  }
  const mask = randomBytes(4);
  mask.copy(out, at);
  for (let i = 0; i < length; i++) out[at + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  return out;
}

/**
 * Calls `onFrame` for each whole frame in `buffer` (payload unmasked) and answers the bytes of an
 * incomplete last frame, to be put before the next chunk, or null.
 */
export function parseFrames(
  buffer: Buffer,
  onFrame: (opcode: number, fin: boolean, payload: Buffer) => void,
): Buffer | null {
  let at = 0;
  while (buffer.length - at >= 2) {
    const b0 = buffer[at] as number;
    const b1 = buffer[at + 1] as number;
    let length = b1 & 0x7f;
    let head = 2;
    if (length === 126) {
      if (buffer.length - at < 4) break;
      length = buffer.readUInt16BE(at + 2);
      head = 4;
    } else if (length === 127) {
      if (buffer.length - at < 10) break;
      length = Number(buffer.readBigUInt64BE(at + 2));
      head = 10;
    }
    const masked = (b1 & 0x80) !== 0;
    if (masked) head += 4;
    if (buffer.length - at < head + length) break;
    let payload = buffer.subarray(at + head, at + head + length);
    if (masked) {
      const mask = buffer.subarray(at + head - 4, at + head);
      payload = Buffer.from(payload);
      for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i & 3] as number);
    }
    at += head + length;
    onFrame(b0 & 0x0f, (b0 & 0x80) !== 0, payload);
  }
  return at < buffer.length ? buffer.subarray(at) : null;
}

export function openWire(host: string, port: number, path: string, handlers: WireHandlers, timeoutMs = 10000): Wire {
  const socket: Socket = connect({ host, port });
  socket.setNoDelay(true);
  let upgraded = false;
  let pending: Buffer | null = null;
  let fragments: Buffer[] | null = null;
  let closed = false;
  let closeCode = 1006;
  let closeReason = "";
  const timer = setTimeout(() => {
    if (!upgraded) {
      closeReason = "upgrade timeout";
      socket.destroy();
    }
  }, timeoutMs);

  socket.once("connect", () => {
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n` +
        "User-Agent: davmu-bench-live\r\n\r\n",
    );
  });

  const parse = (buffer: Buffer) => {
    pending = parseFrames(buffer, (opcode, fin, payload) => {
      if (opcode === 1 || opcode === 2) {
        if (fin) {
          if (opcode === 1) handlers.message(payload);
        } else fragments = [Buffer.from(payload)];
      } else if (opcode === 0 && fragments) {
        fragments.push(Buffer.from(payload));
        if (fin) {
          const whole = Buffer.concat(fragments);
          fragments = null;
          handlers.message(whole);
        }
      } else if (opcode === 8) {
        closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        closeReason = payload.subarray(2).toString("utf8");
        if (!socket.destroyed) socket.end(encodeFrame(8, payload.subarray(0, 2), true));
      } else if (opcode === 9) {
        if (!socket.destroyed) socket.write(encodeFrame(10, Buffer.from(payload), true));
      }
    });
  };

  socket.on("data", (chunk: Buffer) => {
    const buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) {
        pending = buffer;
        return;
      }
      const status = buffer.subarray(0, buffer.indexOf("\r\n")).toString("latin1");
      if (!/^HTTP\/1\.1 101/.test(status)) {
        closeReason = status;
        closeCode = 1002;
        socket.destroy();
        return;
      }
      upgraded = true;
      clearTimeout(timer);
      pending = null;
      handlers.open();
      if (buffer.length > end + 4) parse(buffer.subarray(end + 4));
      return;
    }
    parse(buffer);
  });
  socket.on("error", (error) => {
    if (!closeReason) closeReason = error.message;
  });
  socket.once("close", () => {
    clearTimeout(timer);
    if (closed) return;
    closed = true;
    handlers.close(closeCode, closeReason);
  });

  return {
    send(text) {
      if (!socket.destroyed && upgraded) socket.write(encodeFrame(1, Buffer.from(text, "utf8"), true));
    },
    close(code = 1000) {
      if (socket.destroyed) return;
      const payload = Buffer.allocUnsafe(2);
      payload.writeUInt16BE(code, 0);
      socket.end(encodeFrame(8, payload, true));
    },
    destroy() {
      socket.destroy();
    },
    get buffered() {
      return socket.writableLength;
    },
  };
}
