/** Idle prefetch waits for the browser to be idle, at most this long (spec §9, R-SITE-9). */
export const prefetchIdleTimeoutMs = 2000;
