import { calls } from "@davmu/contracts/calls";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { requestHeaders } from "@davmu/contracts/request-headers";
import type { TipReceipt } from "@davmu/contracts/tips";
import { emitSessionExpired } from "../events.ts";
import type { LocalValues } from "../local-values.ts";

export interface TipDraft {
  text: string;
  place: string;
  contact: string;
  pictures: Blob[];
}

/** Longest wait for an upload: nine pictures on a slow phone network. */
const uploadTimeoutMs = 120_000;

/**
 * Sends a tip as multipart (the typed client sends JSON): the text fields first, then the pictures,
 * with the visitor's token and X-Request-Id as every call carries them. Answers the API's envelope;
 * throws only when the network or the server failed to answer one.
 */
export async function sendTip(
  publicApiBase: string,
  values: LocalValues,
  draft: TipDraft,
): Promise<EnvelopeOf<TipReceipt | null>> {
  const path = calls.submitTip.path;
  const form = new FormData();
  form.append("text", draft.text);
  if (draft.place) form.append("place", draft.place);
  if (draft.contact) form.append("contact", draft.contact);
  draft.pictures.forEach((picture, index) => {
    form.append("pictures", picture, `picture-${index + 1}.jpg`);
  });
  const headers = requestHeaders(path, {
    token: values.token(),
    anonymousToken: values.anonymousToken(),
    anonymousId: values.anonymousId(),
  });
  // AbortSignal.timeout is newer than the browsers served (Chrome 78, iOS 12)
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), uploadTimeoutMs);
  try {
    const response = await fetch(publicApiBase.replace(/\/$/, "") + path, {
      method: "POST",
      headers,
      body: form,
      signal: controller.signal,
    });
    if (response.status === 401 && headers.authorization && headers.authorization === values.token()) {
      emitSessionExpired();
    }
    const answer = (await response.json()) as EnvelopeOf<TipReceipt | null>;
    if (typeof answer?.code !== "number") throw new Error(`answered ${response.status} without an envelope`);
    return answer;
  } finally {
    clearTimeout(timer);
  }
}
