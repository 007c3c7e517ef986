/**
 * A form's answers kept in session storage while the reader fills it in (R-FORM-1): nothing typed is
 * lost to a reload, a login round-trip or a refused submission. Cleared once the form is submitted.
 */
import type { FormAnswers } from "@davmu/contracts/form-rules";

const prefix = "davmu:form-draft:";

export function loadDraft(postId: string): FormAnswers {
  try {
    const raw = window.sessionStorage.getItem(prefix + postId);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const answers: FormAnswers = {};
    for (const [key, answer] of Object.entries(value as Record<string, unknown>)) {
      if (typeof answer === "string") answers[key] = answer;
      else if (Array.isArray(answer)) answers[key] = answer.filter((v): v is string => typeof v === "string");
    }
    return answers;
  } catch {
    return {};
  }
}

export function saveDraft(postId: string, answers: FormAnswers): void {
  try {
    window.sessionStorage.setItem(prefix + postId, JSON.stringify(answers));
  } catch {
    // storage full or refused (private mode): keep the pictures out and try once more
    try {
      const small: FormAnswers = {};
      for (const key of Object.keys(answers)) {
        const value = answers[key] as string | string[];
        if (typeof value !== "string" || !value.startsWith("data:")) small[key] = value;
      }
      window.sessionStorage.setItem(prefix + postId, JSON.stringify(small));
    } catch {
      // nothing more to do: the answers stay on the page
    }
  }
}

export function clearDraft(postId: string): void {
  try {
    window.sessionStorage.removeItem(prefix + postId);
  } catch {
    // ignore
  }
}
