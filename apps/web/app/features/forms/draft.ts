/**
 * A form's answers kept in session storage while the reader fills it in (R-FORM-1): nothing typed is
 * lost to a reload, a login round-trip or a refused submission. Cleared once the form is submitted.
 *
 * The draft is written as each answer changes, keystroke by keystroke, so it is kept small: the typed
 * answers under one key, and each chosen picture (a `data:` URL of tens of kilobytes) under a key of
 * its own, written only when that picture changes. Typing then serialises a few hundred bytes, not
 * every picture again.
 */
import type { FormAnswers } from "@davmu/contracts/form-rules";

const prefix = "davmu:form-draft:";
const answersKey = (postId: string) => prefix + postId;
const picturesPrefix = (postId: string) => `${prefix}${postId}:picture:`;

/** What each picture key holds, as last written or read in this page: a picture unchanged is not written again. */
const writtenPictures = new Map<string, string>();
/** Pictures storage had no room for, by key: not tried again, keystroke after keystroke, until they change. */
const refusedPictures = new Map<string, string>();

const isPicture = (value: unknown): value is string => typeof value === "string" && value.startsWith("data:");

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The keys in storage under `start`. */
function keysUnder(store: Storage, start: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(start)) keys.push(key);
  }
  return keys;
}

export function loadDraft(postId: string): FormAnswers {
  const store = storage();
  if (!store) return {};
  const answers: FormAnswers = {};
  try {
    const raw = store.getItem(answersKey(postId));
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, answer] of Object.entries(value as Record<string, unknown>)) {
        if (typeof answer === "string") answers[key] = answer;
        else if (Array.isArray(answer)) answers[key] = answer.filter((v): v is string => typeof v === "string");
      }
    }
    const start = picturesPrefix(postId);
    for (const key of keysUnder(store, start)) {
      const picture = store.getItem(key);
      if (!isPicture(picture)) continue;
      answers[key.slice(start.length)] = picture;
      writtenPictures.set(key, picture);
    }
  } catch {
    return {};
  }
  return answers;
}

export function saveDraft(postId: string, answers: FormAnswers): void {
  const store = storage();
  if (!store) return;
  const typed: FormAnswers = {};
  const pictures = new Map<string, string>();
  const start = picturesPrefix(postId);
  for (const [key, value] of Object.entries(answers)) {
    if (isPicture(value)) pictures.set(start + key, value);
    else typed[key] = value;
  }
  const text = JSON.stringify(typed);
  try {
    store.setItem(answersKey(postId), text);
  } catch {
    // no room: what was typed comes first, so this form's pictures make way for it
    for (const key of keysUnder(store, start)) forgetPicture(store, key);
    try {
      store.setItem(answersKey(postId), text);
    } catch {
      // storage refused (private mode): the answers stay on the page
    }
  }
  for (const [key, picture] of pictures) {
    if (writtenPictures.get(key) === picture || refusedPictures.get(key) === picture) continue;
    try {
      store.setItem(key, picture);
      writtenPictures.set(key, picture);
      refusedPictures.delete(key);
    } catch {
      // no room for this picture: the typed answers are kept without it, and no older picture stands in
      forgetPicture(store, key);
      refusedPictures.set(key, picture);
    }
  }
  // a picture taken away (its answer now empty or gone) goes from storage too
  for (const key of [...writtenPictures.keys(), ...refusedPictures.keys()]) {
    if (key.startsWith(start) && !pictures.has(key)) {
      forgetPicture(store, key);
      refusedPictures.delete(key);
    }
  }
}

function forgetPicture(store: Storage, key: string) {
  try {
    store.removeItem(key);
  } catch {
    // nothing more to do
  }
  writtenPictures.delete(key);
}

export function clearDraft(postId: string): void {
  const store = storage();
  if (!store) return;
  const start = picturesPrefix(postId);
  try {
    store.removeItem(answersKey(postId));
  } catch {
    // ignore
  }
  for (const key of new Set([...keysUnder(store, start), ...writtenPictures.keys()]))
    if (key.startsWith(start)) forgetPicture(store, key);
  // a picture refused before is tried again in a draft begun anew
  for (const key of [...refusedPictures.keys()]) if (key.startsWith(start)) refusedPictures.delete(key);
}
