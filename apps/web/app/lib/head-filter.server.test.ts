import { describe, expect, it } from "vitest";
import { createHeadFilter } from "./head-filter.server.ts";

async function filter(chunks: string[]): Promise<string> {
  const stream = createHeadFilter();
  const out: string[] = [];
  stream.on("data", (c: Buffer) => out.push(c.toString()));
  const done = new Promise((r) => stream.on("end", r));
  for (const c of chunks) stream.write(Buffer.from(c));
  stream.end();
  await done;
  return out.join("");
}

describe("modulepreload hints", () => {
  it("drops modulepreload hints from the head, also when a tag is split across chunks", async () => {
    const html = await filter([
      '<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/a.js"/><link rel="module',
      'preload" href="/b.js"/><title>标题</title><link rel="icon" href="/i.png"/></head>',
      '<body><p>正文 <link rel="modulepreload" href="/c.js"/></p></body></html>',
    ]);
    expect(html).toBe(
      `<html><head><meta charSet="utf-8"/><title>标题</title><link rel="icon" href="/i.png"/></head>` +
        '<body><p>正文 <link rel="modulepreload" href="/c.js"/></p></body></html>',
    );
  });

  it("keeps multi-byte characters whole across chunk boundaries", async () => {
    const bytes = Buffer.from("<head><title>客户端分享</title></head><p>正文</p>");
    const stream = createHeadFilter();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(Buffer.from(c)));
    const done = new Promise((r) => stream.on("end", r));
    stream.write(bytes.subarray(0, 15));
    stream.write(bytes.subarray(15, bytes.length - 6));
    stream.write(bytes.subarray(bytes.length - 6));
    stream.end();
    await done;
    expect(Buffer.concat(out).toString()).toBe(`<head><title>客户端分享</title></head><p>正文</p>`);
  });
});
