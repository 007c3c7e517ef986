import { ErrorCode } from "@davmu/contracts/error-codes";
import { checkAnswers, checkField, type FormAnswers } from "@davmu/contracts/form-rules";
import type { Form } from "@davmu/contracts/forms";
import { useEffect, useRef, useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { formatDateTime } from "../../model/format.ts";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { FormFieldInput, focusField } from "./FormFields.tsx";

const closedText = { closed: "表单已关闭，不再接受提交", ended: "表单已截止，不再接受提交" } as const;

/**
 * A cloud form (R-FORM-1): its fields from the definition, each answer checked by the same rules
 * the API uses (form-rules.ts) as the reader leaves it and again on submit; the API's own messages
 * (422) are shown by their fields. What is typed is kept in session storage until the form is sent,
 * so a reload, a login or a refusal loses nothing. A reader who answered sees that instead.
 */
export function FormView({ initial }: { initial: Form }) {
  const session = useSession();
  const [form, setForm] = useState<Form>(initial);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const restored = useRef(false);
  /** the answers as last changed, ahead of the render that shows them */
  const latest = useRef<FormAnswers>({});
  const userId = session.user?.user_id;
  const postId = initial.post_id;

  // the draft comes back after hydration (the server renders the empty form)
  useEffect(() => {
    latest.current = loadDraft(postId);
    setAnswers(latest.current);
    restored.current = true;
  }, [postId]);

  // whether this visitor answered comes from their own answer (the page is rendered for everyone):
  // asked once the stored token has been checked (before, the answer would be an anonymous one, asked
  // again a moment later), and again when the visitor logs in or out
  const restoredSession = session.restored;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the visitor logs in or out (userId)
  useEffect(() => {
    if (!restoredSession) return;
    let live = true;
    session
      .api()
      .client.form({ params: { id: postId } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setForm(answer.data);
      })
      .catch((error) => console.warn("form reload failed:", error));
    return () => {
      live = false;
    };
  }, [userId, restoredSession, postId]);

  const change = (key: string, value: string | string[]) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setAnswers(next);
    // kept as it is typed, not after the render that shows it: a reader who reloads or leaves at once
    // (or whose phone is slow to render) finds it on return
    if (restored.current) saveDraft(postId, next);
    // a message goes away as soon as the answer passes
    if (errors[key]) {
      const field = form.fields.find((f) => f.key === key);
      if (field && !checkField(field, value)) {
        setErrors((current) => {
          const next = { ...current };
          delete next[key];
          return next;
        });
      }
    }
  };

  const blur = (key: string) => {
    const field = form.fields.find((f) => f.key === key);
    const value = answers[key];
    if (!field || value === undefined) return;
    const message = checkField(field, value);
    setErrors((current) => {
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  };

  /** The answers worth sending: empty ones left out. */
  function filled(): FormAnswers {
    const out: FormAnswers = {};
    for (const field of form.fields) {
      const value = answers[field.key];
      if (value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === "")) continue;
      out[field.key] = value;
    }
    return out;
  }

  function refuse(found: Record<string, string>) {
    setErrors(found);
    const first = form.fields.find((field) => found[field.key]);
    if (first) focusField(first.key);
  }

  async function submit() {
    const sending = filled();
    const found = checkAnswers(form.fields, sending);
    if (Object.keys(found).length) {
      refuse(found);
      toast(`有${Object.keys(found).length}项需要修改`);
      return;
    }
    // the answers stay in the draft while the reader logs in
    if (form.login_required && !session.requireLogin()) return;
    setBusy(true);
    try {
      const answer = await session.api().client.formSubmit({ params: { id: postId }, body: { answers: sending } });
      if (answer.code === ErrorCode.ok) {
        clearDraft(postId);
        setForm({ ...form, submitted: true, submission_count: form.submission_count + 1 });
        toast("提交成功");
      } else if (answer.code === 422 && answer.data && "errors" in answer.data) {
        refuse((answer.data as { errors: Record<string, string> }).errors);
        toast(answer.msg);
      } else {
        toast(answer.msg || "提交失败，请稍后再试");
        if (answer.msg === "您已提交过此表单") setForm({ ...form, submitted: true });
      }
    } catch {
      toast("网络异常，您填写的内容已保留，请稍后再试");
    } finally {
      setBusy(false);
    }
  }

  if (form.submitted) {
    return (
      <section className="form-done" aria-labelledby="form-done-title">
        <div className="form-done-mark" aria-hidden="true">
          ✓
        </div>
        <h2 id="form-done-title">您已提交过此表单</h2>
        <p>感谢参与！工作人员会尽快与您联系。</p>
      </section>
    );
  }
  const closed = form.state === "open" ? null : closedText[form.state];
  return (
    <form
      className="form-body"
      noValidate
      aria-label="填写表单"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !closed) submit().catch(() => toast("提交失败，请稍后再试"));
      }}
    >
      {closed ? (
        <p className="form-closed" role="status">
          {closed}
        </p>
      ) : form.deadline ? (
        <p className="form-deadline">截止时间：{formatDateTime(form.deadline)}</p>
      ) : null}
      {form.fields.map((field) => (
        <FormFieldInput
          key={field.key}
          field={field}
          value={answers[field.key]}
          error={errors[field.key]}
          disabled={closed !== null}
          onChange={(value) => change(field.key, value)}
          onBlur={() => blur(field.key)}
        />
      ))}
      <div className="form-actions">
        {form.login_required && !userId && !closed ? (
          <p className="form-login-note">提交前需登录，填写内容会保留</p>
        ) : null}
        <button type="submit" className="primary-button form-submit" disabled={busy || closed !== null}>
          {closed ? "已停止收集" : busy ? "提交中…" : "提交"}
        </button>
      </div>
    </form>
  );
}
