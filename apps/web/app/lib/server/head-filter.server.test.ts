import { describe, expect, it } from "vitest";
import { pageStream } from "./page-stream.server.ts";

/** The chunks as the page's body hands them on, each written as a burst of its own (React's flush after it). */
async function through(chunks: Buffer[]): Promise<Buffer[]> {
  const { writable, body } = pageStream({ onEnd() {}, onCancel() {} });
  const flush = (writable as unknown as { flush(): void }).flush;
  const read = (async () => {
    const out: Buffer[] = [];
    for await (const chunk of body) out.push(Buffer.from(chunk));
    return out;
  })();
  for (const chunk of chunks) {
    writable.write(chunk);
    flush();
  }
  writable.end();
  return read;
}

async function filter(chunks: string[]): Promise<string> {
  return Buffer.concat(await through(chunks.map((c) => Buffer.from(c)))).toString();
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
    const out = await through([
      bytes.subarray(0, 15),
      bytes.subarray(15, bytes.length - 6),
      bytes.subarray(bytes.length - 6),
    ]);
    expect(Buffer.concat(out).toString()).toBe(`<head><title>客户端分享</title></head><p>正文</p>`);
  });

  it("R-WEB-SSR passes the body after the head byte for byte, a multi-byte character split there too", async () => {
    const head = '<html><head><link rel="modulepreload" href="/a.js"/><title>正文</title></head>';
    const body = Buffer.from('<body><p>客户端分享 <link rel="modulepreload" href="/c.js"/> 完</p></body></html>');
    // split inside 客 (three bytes)
    const out = await through([Buffer.from(head), body.subarray(0, 10), body.subarray(10)]);
    // the body's chunks come out as they went in
    expect(out.slice(1).map((c) => c.length)).toEqual([10, body.length - 10]);
    expect(Buffer.concat(out).toString()).toBe(`<html><head><title>正文</title></head>${body.toString()}`);
  });

  it("R-WEB-SSR drops a hint whose tag is split inside a multi-byte attribute value, and keeps an unclosed tag at the end", async () => {
    const html = Buffer.from('<head><link rel="modulepreload" href="/分享.js"/><meta name="x" content="标题"/></head>');
    const cut = html.indexOf(Buffer.from("享")) + 1;
    const out = await through([html.subarray(0, cut), html.subarray(cut), Buffer.from("<p>尾")]);
    expect(Buffer.concat(out).toString()).toBe('<head><meta name="x" content="标题"/></head><p>尾');
    const unclosed = await filter(["<head><title>标", '题</title><link rel="ic']);
    expect(unclosed).toBe('<head><title>标题</title><link rel="ic');
  });
});
