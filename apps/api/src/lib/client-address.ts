/** Whether an address is this machine's: 127.0.0.0/8, ::1, or IPv4 loopback written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

const hostPattern =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

// hosts seen valid: every request is checked, and a site is reached under a handful of names
const validHosts = new Set<string>();

/** A `Host` (or forwarded host) a URL can be built on: a name or address, with a port at most 65535. */
export function isValidHost(value: string): boolean {
  if (validHosts.has(value)) return true;
  if (value.length > 255) return false;
  const match = hostPattern.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  if (!URL.canParse(`http://${value}/`)) return false;
  if (validHosts.size >= 256) validHosts.clear();
  validHosts.add(value);
  return true;
}

/** A forwarded protocol as proxies send it: http or https, or a comma-separated chain of them. */
export function isValidForwardedProto(value: string): boolean {
  return value.split(",").every((part) => /^\s*https?\s*$/i.test(part));
}

/**
 * Why a request's Host, X-Forwarded-Host or X-Forwarded-Proto cannot be used to build its URL, or
 * null when they can (a malformed one answers 400, never an error deeper down).
 */
export function badHostHeader(headers: Record<string, string | string[] | undefined>): string | null {
  const host = headers.host;
  if (Array.isArray(host) || (typeof host === "string" && !isValidHost(host))) return "Host";
  const forwardedHost = headers["x-forwarded-host"];
  if (forwardedHost !== undefined) {
    const values = (Array.isArray(forwardedHost) ? forwardedHost.join(",") : forwardedHost).split(",");
    if (!values.every((value) => isValidHost(value.trim()))) return "X-Forwarded-Host";
  }
  const proto = headers["x-forwarded-proto"];
  if (proto !== undefined) {
    const value = Array.isArray(proto) ? proto.join(",") : proto;
    if (!isValidForwardedProto(value)) return "X-Forwarded-Proto";
  }
  return null;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function trusting that many hops from
 * the socket inwards (Fastify reads a bare number as "trust none", since a count cannot check who the
 * peer is): use it only where every request comes through those proxies.
 */
export function trustProxyOption(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== "number") return value;
  return (_address, hop) => hop < value;
}
