import { calls } from "@davmu/contracts/calls";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { requestHeaders } from "@davmu/contracts/request-headers";
import type { TipReceipt } from "@davmu/contracts/tips";
import { emitSessionExpired } from "../../lib/events.ts";
import type { LocalValues } from "../../lib/local-values.ts";

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
 * with the visitor's token and X-Request-Id as every call carries them. XMLHttpRequest rather than
 * fetch, for the upload's progress (`onProgress` gets 0–1; 1 once every byte is sent and the server
 * is remaking the pictures). Answers the API's envelope; rejects only when no envelope came back.
 */
export function sendTip(
  publicApiBase: string,
  values: LocalValues,
  draft: TipDraft,
  onProgress: (fraction: number) => void = () => undefined,
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", publicApiBase.replace(/\/$/, "") + path);
    xhr.timeout = uploadTimeoutMs;
    for (const name of Object.keys(headers)) xhr.setRequestHeader(name, headers[name] as string);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status === 401 && headers.authorization && headers.authorization === values.token()) {
        emitSessionExpired();
      }
      try {
        const answer = JSON.parse(xhr.responseText) as EnvelopeOf<TipReceipt | null>;
        if (typeof answer?.code !== "number") throw new Error("no envelope");
        resolve(answer);
      } catch {
        reject(new Error(`answered ${xhr.status} without an envelope`));
      }
    };
    xhr.onerror = () => reject(new Error("network error"));
    xhr.ontimeout = () => reject(new Error("timed out"));
    xhr.send(form);
  });
}
