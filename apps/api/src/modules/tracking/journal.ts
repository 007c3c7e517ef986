import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
  writevSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { PlannedBatch } from "./store.ts";

/**
 * The tracking buffer's journal (R-REL-4, decision 044): every batch the beacon acknowledges is first
 * appended, as one line, to a file of this process, so that a process killed before its buffer is
 * written (SIGKILL, the kernel's OOM killer, a crash) loses no acknowledged event: the next process
 * started on the same database replays the files their owners left.
 *
 * A write goes to the kernel (`write(2)`) before the answer and is not synced to the disk: the
 * journal is there for the loss of a process, not of the machine, which would also lose what the
 * kernel had not yet written of the database's own files on most settings. Files are segments: one
 * is appended to until it is 8 MiB or 10 s old, then sealed; a sealed segment whose batches have all
 * been stored is removed. A clean shutdown writes the buffer and so leaves no segment behind.
 *
 * Files are named `<host>-<pid>-<process token>-<segment>.jsonl` in a folder of the database's own
 * (a hash of its address), so that instances of other databases sharing the folder never replay each
 * other's. A process touches its files every few seconds. A file was left behind when its process on
 * this host no longer runs, or runs but is this process (a container's pid 1 started again) and not a
 * journal this process has open; a file of another host (containers sharing a volume, each its own
 * pid 1) when it has not been touched for a minute.
 */

/** Tokens of the journals open in this process. */
const open = new Set<string>();

const segmentBytes = 8 * 1024 * 1024;
const segmentAgeMs = 10_000;
/** How often a process touches its files, and how long a file of another host untouched is its owner's loss. */
const touchEveryMs = 10_000;
const staleAfterMs = 60_000;
/** This host in a file name: letters, digits and dashes (the name's fields are split on dashes). */
const host = () =>
  hostname()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 40) || "host";

export interface Segment {
  name: string;
  fd: number | null;
  bytes: number;
  openedAt: number;
  /** batches appended to it and not stored yet */
  unstored: number;
}

/** A folder of the journal's for this database. */
export function journalFolder(root: string, database: string): string {
  return join(root, createHash("sha256").update(database).digest("hex").slice(0, 16));
}

/** A file untouched for a minute (its process, on another host, gone); false when it is gone itself. */
function stale(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > staleAfterMs;
  } catch {
    return false;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user runs with that id
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One line of the journal: the time, the picks and the batch's JSON text, tab-separated. A JSON text
 * holds a line break only as whitespace between its tokens (never inside a string), so breaks become
 * spaces and the text means the same; nothing is escaped, so the line costs no more than the text.
 */
function lineOf(batch: PlannedBatch): string {
  const { text } = batch;
  const flat = text.includes("\n") || text.includes("\r") ? text.replace(/[\r\n]/g, " ") : text;
  return `${batch.receivedAt}\t${batch.picks.join(",")}\t${flat}\n`;
}

const newline = Buffer.from("\n");

/** Writes `line` from byte `from` on; throws when the file takes no more. */
function writeAll(fd: number, line: Buffer, from: number) {
  for (let written = from; written < line.length; ) {
    const n = writeSync(fd, line, written, line.length - written);
    if (n <= 0) throw new Error("the tracking journal took no more bytes");
    written += n;
  }
}

function batchOf(line: string): PlannedBatch | null {
  const first = line.indexOf("\t");
  const second = first < 0 ? -1 : line.indexOf("\t", first + 1);
  if (second < 0) return null;
  const receivedAt = Number(line.slice(0, first));
  const picks = line
    .slice(first + 1, second)
    .split(",")
    .map(Number);
  const text = line.slice(second + 1);
  if (!Number.isSafeInteger(receivedAt) || !picks.every((n) => Number.isSafeInteger(n)) || text === "") return null;
  return { receivedAt, picks, text };
}

export function createJournal(folder: string, now: () => number = Date.now) {
  mkdirSync(folder, { recursive: true });
  const token = randomBytes(6).toString("hex");
  const here = host();
  open.add(token);
  let sequence = 0;
  let current: Segment | null = null;
  const sealed = new Set<Segment>();
  // this process's files are its own while they are touched (another host cannot see its pid)
  const touch = setInterval(() => {
    const at = new Date();
    for (const segment of [...sealed, ...(current ? [current] : [])]) {
      try {
        utimesSync(join(folder, segment.name), at, at);
      } catch {
        // gone already (stored and removed)
      }
    }
  }, touchEveryMs);
  touch.unref();

  const remove = (segment: Segment) => {
    if (segment.fd !== null) closeSync(segment.fd);
    segment.fd = null;
    sealed.delete(segment);
    try {
      unlinkSync(join(folder, segment.name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  };

  const seal = (segment: Segment) => {
    if (segment.fd !== null) closeSync(segment.fd);
    segment.fd = null;
    if (segment.unstored === 0) remove(segment);
    else sealed.add(segment);
  };

  const writable = (): Segment => {
    const at = now();
    if (current && (current.bytes >= segmentBytes || at - current.openedAt >= segmentAgeMs)) {
      seal(current);
      current = null;
    }
    if (!current) {
      const name = `${here}-${process.pid}-${token}-${sequence++}.jsonl`;
      // another instance's clean shutdown may have removed the folder while it was empty
      mkdirSync(folder, { recursive: true });
      current = { name, fd: openSync(join(folder, name), "a"), bytes: 0, openedAt: at, unstored: 0 };
    }
    return current;
  };

  return {
    folder,
    /**
     * Appends a batch before it is acknowledged; throws when it cannot be kept (the disk full).
     * `body`, the bytes the batch's text was read from, is written as it came when it holds no line
     * break (one `writev` of the line's head, the body and the break): the text is not encoded again.
     */
    append(batch: PlannedBatch, body?: Buffer): Segment {
      const segment = writable();
      const fd = segment.fd as number;
      let length: number;
      try {
        if (body && body.indexOf(10) < 0 && body.indexOf(13) < 0) {
          const head = Buffer.from(`${batch.receivedAt}\t${batch.picks.join(",")}\t`, "latin1");
          length = head.length + body.length + 1;
          const n = writevSync(fd, [head, body, newline]);
          // a full disk may take part of the line: the rest is written, or the batch refused
          if (n < length) writeAll(fd, Buffer.concat([head, body, newline]), n);
        } else {
          const line = Buffer.from(lineOf(batch), "utf8");
          length = line.length;
          writeAll(fd, line, 0);
        }
      } catch (error) {
        // a line cut short would swallow the next one: that file takes nothing more
        seal(segment);
        if (current === segment) current = null;
        throw error;
      }
      segment.bytes += length;
      segment.unstored += 1;
      return segment;
    },
    /** A batch of this segment is stored: the segment goes when it is sealed and holds no other. */
    stored(segment: Segment) {
      segment.unstored -= 1;
      if (segment.unstored === 0 && segment.fd === null) remove(segment);
    },
    /**
     * The batches of the files other processes left: each is handed to `take`, which appends it to
     * this journal, and the file is removed once all of them are. Answers the batches recovered.
     */
    recover(take: (batch: PlannedBatch) => void): number {
      let recovered = 0;
      for (const name of readdirSync(folder)) {
        const match = /^([A-Za-z0-9]+)-(\d+)-([0-9a-f]+)-\d+\.jsonl$/.exec(name);
        if (!match) continue;
        const pid = Number(match[2]);
        const owner = match[3] as string;
        if (match[1] === here) {
          if (pid === process.pid ? open.has(owner) : running(pid)) continue;
        } else if (!stale(join(folder, name))) continue;
        let text: string;
        try {
          text = readFileSync(join(folder, name), "utf8");
        } catch (error) {
          // another instance started beside this one took it first
          if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
          throw error;
        }
        // every whole line ends with a break: what follows the last one is a line a killed process
        // was writing, never acknowledged
        const lines = text.split("\n");
        lines.pop();
        for (const line of lines) {
          const batch = line ? batchOf(line) : null;
          if (!batch) continue;
          take(batch);
          recovered += 1;
        }
        try {
          unlinkSync(join(folder, name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      return recovered;
    },
    /** Segments kept (the current one included). */
    segments: () => sealed.size + (current ? 1 : 0),
    /**
     * Closes the files. With `stored`, every batch is stored: the files go, and the folder when
     * empty; without, they stay for the next process to replay.
     */
    close(stored: boolean) {
      open.delete(token);
      clearInterval(touch);
      for (const segment of [...sealed, ...(current ? [current] : [])]) {
        if (stored) remove(segment);
        else if (segment.fd !== null) {
          closeSync(segment.fd);
          segment.fd = null;
        }
      }
      sealed.clear();
      current = null;
      if (stored) {
        try {
          rmdirSync(folder);
        } catch {
          // others' files are there, or another instance's
        }
      }
    },
  };
}
export type Journal = ReturnType<typeof createJournal>;
