import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Graceful stop (SIGTERM). First, for `delayMs`, the server keeps listening and answering while
     * `/readyz` answers 503 and every answer closes its connection, so a load balancer stops sending it
     * new connections before it stops accepting them (a connection the kernel completed but the server
     * never accepted is reset when the listener closes). Then it stops accepting connections; for
     * `graceMs`, requests arriving on open keep-alive connections are still answered, each with
     * `Connection: close`; then idle connections are closed, in-flight requests finish, and the app closes.
     * A second call, or the app closed by another hand, ends the delay at once; every call waits for the
     * same end.
     */
    drain(graceMs: number, options?: { delayMs?: number }): Promise<void>;
    /** Set once a stop has begun: readiness fails from then on. */
    readonly stopping: boolean;
  }
}

/** The state of a shutdown, shared by the server factory, the app's hooks and `app.drain`. */
export function shutdownState() {
  return {
    /**
     * Set when a stop begins (a drain's delay included): readiness fails and every answer closes its
     * connection, early answers included.
     */
    stopping: false,
    /** Set when the app starts closing (after a drain's delay): early answers stop, as what they write to closes. */
    closing: false,
    /** While draining, idle keep-alive connections stay open so a request already on its way is answered. */
    holdIdle: false,
    /** The server's own closing of idle connections (set by the server factory). */
    closeIdleConnections: () => {},
  };
}

export type ShutdownState = ReturnType<typeof shutdownState>;

/** While shutting down, answers close their keep-alive connection so the server can finish; `app.drain`. */
export function installShutdown(app: FastifyInstance, state: ShutdownState) {
  let drained: Promise<void> | undefined;
  /** Ends a drain's delay at once: set while one runs. */
  let endDelay: (() => void) | undefined;
  app.decorate("stopping", {
    getter: () => state.stopping,
  });
  app.addHook("preClose", async () => {
    state.stopping = true;
    state.closing = true;
    // the app closed by another hand (a failed start) does not wait out a drain's delay
    endDelay?.();
  });
  app.decorate("drain", (graceMs: number, { delayMs = 0 }: { delayMs?: number } = {}) => {
    // a second call (a second signal) cuts the first one's delay short and waits for the same end
    if (drained) {
      endDelay?.();
      return drained;
    }
    drained = (async () => {
      state.stopping = true;
      if (delayMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          endDelay = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endDelay = undefined;
      }
      state.holdIdle = graceMs > 0;
      const closed = app.close();
      const grace = setTimeout(() => {
        state.holdIdle = false;
        state.closeIdleConnections();
        const again = setInterval(state.closeIdleConnections, 100);
        void closed.finally(() => clearInterval(again));
      }, graceMs);
      void closed.finally(() => clearTimeout(grace));
      await closed;
    })();
    return drained;
  });
}
