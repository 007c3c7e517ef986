import { cspNonceHeader } from "@davmu/contracts/site-host";

/**
 * Content-Security-Policy of the share pages (R-SEC-XSS). The host server makes a nonce per
 * request and hands it to the page renderer in a request header that it sets itself (any such header
 * a client sends is dropped; packages/contracts/src/site-host.ts); React Router puts it on every
 * inline script it renders.
 */

/** Only a base64 nonce is taken, so the header can never inject markup or policy syntax. */
export function readNonce(request: Request): string | undefined {
  const value = request.headers.get(cspNonceHeader);
  return value && /^[A-Za-z0-9+/=_-]{16,64}$/.test(value) ? value : undefined;
}
