import { type Browser, chromium } from "playwright-core";
import { inject } from "vitest";

/**
 * The product server of this file's worker (`server.ts` starts one per worker). Vitest numbers its
 * workers from 1 in VITEST_POOL_ID.
 */
const worker = (Number(process.env.VITEST_POOL_ID) || 1) - 1;

function ownServer() {
  const servers = inject("siteServers");
  const server = servers[worker % servers.length];
  if (!server) throw new Error("no product server was started for the browser files");
  return server;
}

const server = ownServer();

/**
 * The Chromium of this file's worker (`server.ts` starts one per worker), connected to as a browser
 * of the file's own: closing it closes the contexts this file opened and leaves the browser running
 * for the worker's next file.
 */
export function connectBrowser(): Promise<Browser> {
  const endpoints = inject("browserEndpoints");
  const endpoint = endpoints[worker % endpoints.length];
  if (!endpoint) throw new Error("no browser was started for the browser files");
  return chromium.connect(endpoint, { timeout: 30_000 });
}

export const site = {
  origin: server.origin,
  smsOutboxUrl: server.smsOutboxUrl,
  editorApiKey: inject("editorApiKey"),
  editorAccount: inject("editorAccount"),
} as const;
