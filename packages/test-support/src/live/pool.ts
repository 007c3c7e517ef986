/**
 * The live bench's clients, spread over worker threads (one per core by default) so that parsing
 * 50,000+ frames a second is not done by the thread that sends and keeps time. Each command goes to
 * every worker and answers within a timeout; the results are merged here.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ClientSpec, Command, Endpoint } from "./worker.ts";

export type Summary = {
  clients: number;
  subscribed: number;
  resumed: number;
  resumedWithGaps: number;
  resumedWithDups: number;
  resynced: number;
  gaps: number;
  dups: number;
  resumes: number;
  failedDials: number;
  behind: number;
  closeCodes: Record<string, number>;
  errors: Record<string, number>;
};

export interface Measured {
  deliveries: number;
  firstAt: number;
  lastAt: number;
  p50: number;
  p99: number;
  max: number;
  /** The busiest client thread's event-loop utilisation over the window (near 1: the client limits). */
  clientBusy: number;
}

export class ClientPool {
  private workers: Worker[];
  private next = 1;
  private waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextClient = 0;
  /** Clients opened and not closed. */
  ids: number[] = [];

  constructor(size = Math.max(2, availableParallelism())) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(new URL("./worker.ts", import.meta.url));
      worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
        const pending = this.waiting.get(message.id);
        if (!pending) return;
        this.waiting.delete(message.id);
        if (message.error) pending.reject(new Error(message.error));
        else pending.resolve(message.result);
      });
      worker.on("error", (error) => {
        for (const pending of this.waiting.values()) pending.reject(error);
        this.waiting.clear();
      });
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  private ask<T>(worker: Worker, command: Command, timeoutMs = 30000): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`client worker: ${command.cmd} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ id, command });
    });
  }

  private all<T>(command: Command, timeoutMs?: number): Promise<T[]> {
    return Promise.all(this.workers.map((worker) => this.ask<T>(worker, command, timeoutMs)));
  }

  init(endpoints: Endpoint[], path: string) {
    return this.all({ cmd: "init", endpoints, path });
  }

  /**
   * Opens `count` clients in `room`, round robin over the workers; client i connects to instance
   * `instanceOf(i)`. Resolves when each is subscribed or `timeoutMs` passed.
   */
  async open(
    count: number,
    room: string,
    tokens: string[],
    instanceOf: (i: number) => number,
    timeoutMs = 60000,
  ): Promise<{ subscribed: number; failed: number; ms: number; ids: number[] }> {
    const shares: ClientSpec[][] = this.workers.map(() => []);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = this.nextClient++;
      ids.push(id);
      this.ids.push(id);
      (shares[id % this.workers.length] as ClientSpec[]).push({
        id,
        instance: instanceOf(i),
        token: tokens[i % tokens.length] as string,
        room,
      });
    }
    const answers = await Promise.all(
      this.workers.map((worker, w) =>
        this.ask<{ subscribed: number; failed: number; ms: number }>(
          worker,
          { cmd: "open", clients: shares[w] as ClientSpec[], concurrency: 100, timeoutMs },
          timeoutMs + 5000,
        ),
      ),
    );
    return {
      subscribed: answers.reduce((a, b) => a + b.subscribed, 0),
      failed: answers.reduce((a, b) => a + b.failed, 0),
      ms: Math.max(...answers.map((a) => a.ms)),
      ids,
    };
  }

  async startMeasuring() {
    await this.all({ cmd: "measure", on: true });
  }

  /** Ends the window; deliveries and the last delivery's time count the messages with from < seq ≤ to. */
  async stopMeasuring(from: number, to: number): Promise<Measured> {
    const answers = await this.all<{
      deliveries: number;
      firstAt: number;
      lastAt: number;
      busy: number;
      histogram: number[];
    }>({
      cmd: "measure",
      on: false,
      from,
      to,
    });
    const merged = new Array<number>((answers[0] as { histogram: number[] }).histogram.length).fill(0);
    for (const answer of answers) {
      for (let ms = 0; ms < answer.histogram.length; ms++) {
        merged[ms] = (merged[ms] as number) + (answer.histogram[ms] as number);
      }
    }
    const total = merged.reduce((a, b) => a + b, 0);
    const at = (p: number) => {
      if (total === 0) return Number.NaN;
      const rank = Math.ceil((p / 100) * total);
      let seen = 0;
      for (let ms = 0; ms < merged.length; ms++) {
        seen += merged[ms] as number;
        if (seen >= rank) return ms;
      }
      return merged.length - 1;
    };
    let max = 0;
    merged.forEach((n, ms) => {
      if (n > 0) max = ms;
    });
    const started = answers.map((a) => a.firstAt).filter((t) => t > 0);
    return {
      deliveries: answers.reduce((a, b) => a + b.deliveries, 0),
      firstAt: started.length ? Math.min(...started) : 0,
      lastAt: Math.max(0, ...answers.map((a) => a.lastAt)),
      p50: at(50),
      p99: at(99),
      max,
      clientBusy: Math.max(...answers.map((a) => a.busy)),
    };
  }

  /** Drops these clients' connections abruptly (no close frame); each reconnects and resumes. */
  async drop(ids: number[]): Promise<number> {
    const answers = await this.all<number>({ cmd: "drop", ids });
    return answers.reduce((a, b) => a + b, 0);
  }

  async summary(finalSeq: number | null = null): Promise<Summary> {
    const answers = await this.all<Summary>({ cmd: "summary", finalSeq });
    const merged = { ...(answers[0] as Summary), closeCodes: {}, errors: {} } as Summary;
    for (const key of Object.keys(merged) as (keyof Summary)[]) {
      if (typeof merged[key] === "number")
        (merged[key] as number) = answers.reduce((a, b) => a + (b[key] as number), 0);
    }
    for (const answer of answers) {
      for (const [code, n] of Object.entries(answer.closeCodes))
        merged.closeCodes[code] = (merged.closeCodes[code] ?? 0) + n;
      for (const [error, n] of Object.entries(answer.errors)) merged.errors[error] = (merged.errors[error] ?? 0) + n;
    }
    return merged;
  }

  async closeAll() {
    this.ids = [];
    await this.all({ cmd: "closeAll" }, 10000).catch(() => undefined);
  }

  async terminate() {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
