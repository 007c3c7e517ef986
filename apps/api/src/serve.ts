/**
 * The server: its configuration, the app, its signals and its listener. Loaded by `main.ts` once the
 * process is set up.
 */
import { flushCompileCache } from "node:module";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./plugins/config.ts";

const startedAt = performance.now();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(JSON.stringify({ level: "fatal", msg: error.message, variable: error.variable }));
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const app = await buildApp(config);

let closing = false;
let deadline: NodeJS.Timeout | undefined;
/** Exits 1 if the stop has not ended `ms` from now. */
function exitAfter(ms: number) {
  clearTimeout(deadline);
  deadline = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, "shutdown timed out; exiting");
    process.exit(1);
  }, ms);
  deadline.unref();
}
async function shutdown(signal: string) {
  if (closing) {
    // a second signal does not wait out the delay: the instance stops listening now, and the timeout
    // counts from now
    app.log.info({ signal }, "second signal: stopping without the rest of the delay");
    exitAfter(config.shutdownTimeoutMs);
    void app.drain(0);
    return;
  }
  closing = true;
  // an orchestrator's SIGTERM waits for its balancer to take the instance out; a person's Ctrl-C does not
  const delayMs = signal === "SIGTERM" ? config.shutdownDelayMs : 0;
  app.log.info(
    { signal, delayMs },
    "shutting down: readiness fails; then no new connections; finishing in-flight requests",
  );
  // the timeout counts from when the listener closes, after the delay
  exitAfter(delayMs + config.shutdownTimeoutMs);
  try {
    // requests already on their way on open keep-alive connections are answered for a moment, each
    // with Connection: close, before idle connections are closed (R-REL-2)
    await app.drain(Math.min(1000, Math.floor(config.shutdownTimeoutMs / 4)), { delayMs });
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), site: `${config.publicOrigin}/davmu/share/` },
    "ready",
  );
  // what this start compiled is on disk now, not only at exit: a process killed later keeps it
  flushCompileCache();
} catch (error) {
  app.log.fatal({ err: error }, "could not start");
  process.exit(1);
}
