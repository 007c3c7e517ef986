/**
 * What the request log may keep of a URL. A query can carry what the log must not: a phone number
 * (`/peony/v1/vcode?tel=`, the development outbox), a preview or share token, a key. Phone numbers
 * are masked as the answers mask them (138****8000); tokens, keys, codes and passwords are dropped.
 */
const masked = new Set(["tel", "phone", "mobile", "account"]);
const dropped = new Set(["token", "key", "code", "verify_code", "password", "secret", "signature", "sign", "ticket"]);
/** Parameters that carry a whole address of their own (/pc?url=, the WeChat signature's path, a return address). */
const nested = new Set(["url", "path", "redirect", "next", "href", "return", "from_url"]);

function maskPhone(value: string): string {
  return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : "****";
}

export function loggedUrl(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const path = url.slice(0, at);
  const parts = url
    .slice(at + 1)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      const rawName = equals === -1 ? part : part.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName).toLowerCase();
      } catch {
        name = rawName.toLowerCase();
      }
      if (equals === -1) return part;
      if (dropped.has(name)) return `${rawName}=[redacted]`;
      if (nested.has(name)) {
        let value: string;
        try {
          value = decodeURIComponent(part.slice(equals + 1).replace(/\+/g, " "));
        } catch {
          return `${rawName}=[redacted]`;
        }
        // an address inside an address: what it carries is kept out as well
        return value.includes("?") ? `${rawName}=${encodeURIComponent(loggedUrl(value))}` : part;
      }
      if (masked.has(name)) {
        let value: string;
        try {
          value = decodeURIComponent(part.slice(equals + 1));
        } catch {
          value = part.slice(equals + 1);
        }
        return `${rawName}=${maskPhone(value)}`;
      }
      return part;
    });
  return `${path}?${parts.join("&")}`;
}

/** The request as the log writes it: Fastify's own fields, the URL with what it must not keep taken out. */
export function loggedRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
