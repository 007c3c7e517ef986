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

  it("R-WEB-SSR passes the body after the head byte for byte, a multi-byte character split there too", async () => {
    const head = '<html><head><link rel="modulepreload" href="/a.js"/><title>正文</title></head>';
    const body = Buffer.from('<body><p>客户端分享 <link rel="modulepreload" href="/c.js"/> 完</p></body></html>');
    const stream = createHeadFilter();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(Buffer.from(c)));
    const done = new Promise((r) => stream.on("end", r));
    stream.write(Buffer.from(head));
    // split inside 客 (three bytes)
    stream.write(body.subarray(0, 10));
    stream.write(body.subarray(10));
    stream.end();
    await done;
    // the body's chunks come out as they went in
    expect(out.slice(1).map((c) => c.length)).toEqual([10, body.length - 10]);
    expect(Buffer.concat(out).toString()).toBe(`<html><head><title>正文</title></head>${body.toString()}`);
  });

  it("R-WEB-SSR drops a hint whose tag is split inside a multi-byte attribute value, and keeps an unclosed tag at the end", async () => {
    const html = Buffer.from('<head><link rel="modulepreload" href="/分享.js"/><meta name="x" content="标题"/></head>');
    const cut = html.indexOf(Buffer.from("享")) + 1;
    const stream = createHeadFilter();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(Buffer.from(c)));
    const done = new Promise((r) => stream.on("end", r));
    stream.write(html.subarray(0, cut));
    stream.write(html.subarray(cut));
    stream.write(Buffer.from("<p>尾"));
    stream.end();
    await done;
    expect(Buffer.concat(out).toString()).toBe('<head><meta name="x" content="标题"/></head><p>尾');
    const unclosed = await filter(["<head><title>标", '题</title><link rel="ic']);
    expect(unclosed).toBe('<head><title>标题</title><link rel="ic');
  });
});
