import { inject } from "vitest";

/**
 * The product server of this file's worker (`server.ts` starts one per worker). Vitest numbers its
 * workers from 1 in VITEST_POOL_ID.
 */
function ownServer() {
  const servers = inject("siteServers");
  const index = (Number(process.env.VITEST_POOL_ID) || 1) - 1;
  const server = servers[index % servers.length];
  if (!server) throw new Error("no product server was started for the browser files");
  return server;
}

const server = ownServer();

export const site = {
  origin: server.origin,
  smsOutboxUrl: server.smsOutboxUrl,
  editorApiKey: inject("editorApiKey"),
  editorAccount: inject("editorAccount"),
} as const;
