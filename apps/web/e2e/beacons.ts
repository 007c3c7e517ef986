/** What the browser files that read the tracker's events share. */
import type { Page } from "playwright-core";

export interface Beacon {
  behavior: string;
  tid: string;
  event_id: string;
  percent?: number;
  duration?: number;
  page_type?: string;
  series?: string;
}

/**
 * Every event the page hands to /tracker/log, as sent by sendBeacon (as the page goes) or fetch
 * (while it stays). The browser still sends them (the server stores them); this only reads the
 * payload on the way, as the protocol shows no body for a beacon's Blob.
 */
export async function beacons(page: Page): Promise<() => Promise<Beacon[]>> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __beacons: unknown[] }).__beacons = sent;
    const record = (text: string) => {
      const body = JSON.parse(text) as unknown;
      sent.push(...(Array.isArray(body) ? body : [body]));
    };
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (String(url).endsWith("/tracker/log") && data instanceof Blob) void data.text().then(record);
      return original(url, data);
    };
    // while the page stays, the tracker sends with fetch (its answer is seen)
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/tracker/log") && typeof init?.body === "string") record(init.body);
      return nativeFetch(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __beacons: Beacon[] }).__beacons ?? []);
}
