import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJournal, journalFolder } from "./journal.ts";
import type { PlannedBatch } from "./store.ts";

const here =
  hostname()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 40) || "host";
const batch = (n: number): PlannedBatch => ({
  receivedAt: 1_700_000_000_000 + n,
  picks: [0, 1, n],
  // a batch's text as a page sent it: newlines and quotes are kept inside its line
  text: `[{"event_id":"e-${n}",\n "device_os":"Android 14 \\"x\\""}]`,
});
const line = (b: PlannedBatch) => `${b.receivedAt}\t${b.picks.join(",")}\t${b.text.replace(/\n/g, " ")}\n`;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "davmu-journal-test-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the tracking journal", () => {
  it("R-REL-4 a batch appended is kept until stored; a clean close leaves nothing", () => {
    const folder = journalFolder(root, "sqlite:/tmp/a.db");
    const journal = createJournal(folder);
    const segments = [batch(1), batch(2)].map((b) => journal.append(b));
    expect(readdirSync(folder)).toHaveLength(1);
    for (const segment of segments) journal.stored(segment);
    journal.close(true);
    expect(readdirSync(root)).toEqual([]);
  });

  it("R-REL-4 files of processes that no longer run are replayed, whole lines only; live ones, and fresh ones of another host, are left", () => {
    const folder = journalFolder(root, "postgres://db:5432/davmu");
    const journal = createJournal(folder);
    // a process of this host that has ended (no pid this high runs), killed in the middle of a line
    writeFileSync(join(folder, `${here}-999999999-aaaa-0.jsonl`), `${line(batch(1))}${line(batch(2))}17000\t0,1`);
    // a process of this host that runs: this one, with a journal of its own open
    const mine = createJournal(folder);
    mine.append(batch(3));
    // another host's: touched now (its process lives), and untouched for two minutes (gone)
    writeFileSync(join(folder, "otherhost-1-bbbb-0.jsonl"), line(batch(4)));
    const gone = join(folder, "otherhost-1-cccc-0.jsonl");
    writeFileSync(gone, line(batch(5)));
    const old = new Date(Date.now() - 120_000);
    utimesSync(gone, old, old);

    const replayed: PlannedBatch[] = [];
    expect(journal.recover((b) => replayed.push(b))).toBe(3);
    // the texts mean what they meant: their line breaks (JSON whitespace) are spaces
    const flat = (b: PlannedBatch) => ({ ...b, text: b.text.replace(/\n/g, " ") });
    expect(replayed.sort((a, b) => a.receivedAt - b.receivedAt)).toEqual([batch(1), batch(2), batch(5)].map(flat));
    for (const b of replayed)
      expect(JSON.parse(b.text)).toEqual(JSON.parse(batch(b.receivedAt - 1_700_000_000_000).text));
    const left = readdirSync(folder).sort();
    expect(left.some((name) => name.startsWith(`${here}-999999999-`))).toBe(false);
    expect(left).toContain("otherhost-1-bbbb-0.jsonl");
    expect(left).not.toContain("otherhost-1-cccc-0.jsonl");
    expect(left.filter((name) => name.startsWith(`${here}-${process.pid}-`))).toHaveLength(1);
    mine.close(false);
    journal.close(false);
  });

  it("R-REL-4 another process's clean close may remove the folder; the next append makes it again", () => {
    const folder = journalFolder(root, "sqlite:/tmp/b.db");
    const first = createJournal(folder);
    const second = createJournal(folder);
    first.close(true);
    expect(readdirSync(root)).toEqual([]);
    const segment = second.append(batch(1));
    expect(readdirSync(folder)).toHaveLength(1);
    second.stored(segment);
    second.close(true);
  });

  it("R-REL-4 a batch appended with the bytes it was read from is replayed as its text; bytes with a line break are kept as the text is", () => {
    const folder = journalFolder(root, "sqlite:/tmp/c.db");
    const writer = createJournal(folder);
    // as the beacon reads them: UTF-8 bytes (a Chinese OS name), one with a line break between tokens
    const plain: PlannedBatch = { receivedAt: 1, picks: [0, 1, 7], text: '[{"event_id":"a","device_os":"鸿蒙 4"}]' };
    const broken: PlannedBatch = { receivedAt: 2, picks: [0, 1, 8], text: '[{"event_id":"b",\r\n"device_os":"x"}]' };
    writer.append(plain, Buffer.from(plain.text, "utf8"));
    writer.append(broken, Buffer.from(broken.text, "utf8"));
    writer.close(false);
    const reader = createJournal(journalFolder(root, "sqlite:/tmp/c.db"));
    const replayed: PlannedBatch[] = [];
    // the writer's files are this process's, closed: replayed as a former life's (closed journals are not open)
    expect(reader.recover((b) => replayed.push(b))).toBe(2);
    expect(replayed).toEqual([plain, { ...broken, text: '[{"event_id":"b",  "device_os":"x"}]' }]);
    expect(JSON.parse((replayed[1] as PlannedBatch).text)).toEqual(JSON.parse(broken.text));
    reader.close(true);
  });
});
