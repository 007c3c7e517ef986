/** A failed chunk load (a deployment replaced the files) reloads the page, at most once a minute (R-SITE-10). */
export const chunkReloadGuardMs = 60_000;
export const chunkReloadKey = "davmu:chunk-reload-at";

const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === "string" ? error : "";
  return chunkErrorPattern.test(message);
}

/** Reload unless the last reload for this reason was less than a minute ago (or its time is unreadable). */
export function mayReload(now: number, lastReloadAt: string | null): boolean {
  if (!lastReloadAt) return true;
  const last = Number(lastReloadAt);
  if (!Number.isFinite(last) || last > now) return true;
  return now - last >= chunkReloadGuardMs;
}

interface ReloadDeps {
  now(): number;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  reload(): void;
}

/** Reloads for a chunk-load error when the guard allows; answers whether it did. */
export function reloadForChunkError(error: unknown, deps: ReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  let last: string | null = null;
  try {
    last = deps.storage?.getItem(chunkReloadKey) ?? null;
  } catch {
    last = null;
  }
  const now = deps.now();
  if (!mayReload(now, last)) return false;
  try {
    deps.storage?.setItem(chunkReloadKey, String(now));
  } catch {
    // without storage the guard cannot hold: do not risk a reload loop
    return false;
  }
  deps.reload();
  return true;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page for a failed chunk load, within the once-a-minute guard; answers whether it did. */
export function reloadOnChunkError(error: unknown): boolean {
  return reloadForChunkError(error, { now: Date.now, storage: sessionStore(), reload: () => window.location.reload() });
}

/** Listens for chunk-load failures: Vite's preload errors, unhandled rejections and script errors. */
export function installChunkReload(): () => void {
  const deps: ReloadDeps = { now: Date.now, storage: sessionStore(), reload: () => window.location.reload() };
  const onPreload = (event: Event) => {
    if (reloadForChunkError((event as Event & { payload?: unknown }).payload, deps)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reloadForChunkError(event.reason, deps);
  };
  const onError = (event: ErrorEvent) => {
    reloadForChunkError(event.error ?? event.message, deps);
  };
  window.addEventListener("vite:preloadError", onPreload);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("error", onError);
  return () => {
    window.removeEventListener("vite:preloadError", onPreload);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("error", onError);
  };
}
