import { connect } from "node:net";

export interface RawAnswer {
  /** Everything the server sent. */
  text: string;
  /** The status code of the first answer, or null when none came. */
  status: number | null;
  /** Milliseconds from connecting until the server closed the connection (or the wait ended). */
  closedAfterMs: number;
  /** Whether the server closed the connection before `waitMs`. */
  closed: boolean;
}

/**
 * Sends bytes on a fresh TCP connection, as a client of any shape might (malformed headers, a body
 * sent slowly), and reads what comes back until the server closes the connection or `waitMs` passes.
 * `chunks` are written one after another, `gapMs` apart; writing stops once the server has closed.
 */
export function rawExchange(
  port: number,
  chunks: readonly string[],
  options: { gapMs?: number; waitMs?: number } = {},
): Promise<RawAnswer> {
  const { gapMs = 0, waitMs = 5000 } = options;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let closed = false;
    let timer: NodeJS.Timeout | null = null;
    const finish = (byServer: boolean) => {
      if (timer) clearTimeout(timer);
      if (closed) return;
      closed = true;
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        text,
        status: status ? Number(status[1]) : null,
        closedAfterMs: performance.now() - started,
        closed: byServer,
      });
    };
    socket.setEncoding("utf8");
    socket.on("data", (data) => {
      text += data;
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    const deadline = setTimeout(() => finish(false), waitMs);
    socket.once("close", () => clearTimeout(deadline));
    socket.on("connect", () => {
      let index = 0;
      const writeNext = () => {
        if (closed || index >= chunks.length) return;
        socket.write(chunks[index++] as string);
        timer = setTimeout(writeNext, gapMs);
      };
      writeNext();
    });
  });
}

/** The port of a base URL such as http://127.0.0.1:1234. */
export const portOf = (base: string) => Number(new URL(base).port);
