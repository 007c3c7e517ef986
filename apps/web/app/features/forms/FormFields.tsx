import type { FormField } from "@davmu/contracts/form-rules";
import { type ReactNode, useState } from "react";
import { shrinkPicture } from "./picture.ts";

export interface FieldProps {
  field: FormField;
  value: string | string[] | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | string[]) => void;
  onBlur: () => void;
}

const inputId = (key: string) => `form-field-${key}`;
const errorId = (key: string) => `form-error-${key}`;
const hintId = (key: string) => `form-hint-${key}`;

function describedBy(field: FormField, error: string | undefined): string | undefined {
  const ids = [field.hint ? hintId(field.key) : "", error ? errorId(field.key) : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Label({ field, htmlFor }: { field: FormField; htmlFor?: string }) {
  const text = (
    <>
      {field.label}
      {field.required ? (
        <span className="form-required" aria-hidden="true">
          *
        </span>
      ) : (
        <span className="form-optional">（选填）</span>
      )}
    </>
  );
  return htmlFor ? (
    <label className="form-label" htmlFor={htmlFor}>
      {text}
    </label>
  ) : (
    <legend className="form-label">{text}</legend>
  );
}

function Notes({ field, error }: { field: FormField; error: string | undefined }) {
  return (
    <>
      {field.hint ? (
        <p className="form-hint" id={hintId(field.key)}>
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" id={errorId(field.key)} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function ChoiceInput({ field, value, error, disabled, onChange, onBlur }: FieldProps) {
  if (field.type !== "choice") return null;
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const toggle = (option: string) => {
    if (!field.multiple) onChange([option]);
    else onChange(chosen.includes(option) ? chosen.filter((o) => o !== option) : [...chosen, option]);
  };
  return (
    <fieldset
      className={`form-field form-choice${error ? " is-invalid" : ""}`}
      aria-describedby={describedBy(field, error)}
      data-field={field.key}
    >
      <Label field={field} />
      {field.options.map((option, i) => (
        <label key={option} className="form-option">
          <input
            type={field.multiple ? "checkbox" : "radio"}
            name={field.key}
            value={option}
            id={i === 0 ? inputId(field.key) : undefined}
            checked={chosen.includes(option)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={() => toggle(option)}
            onBlur={onBlur}
          />
          <span>{option}</span>
        </label>
      ))}
      <Notes field={field} error={error} />
    </fieldset>
  );
}

function PictureInput({ field, value, error, disabled, onChange }: FieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const picture = typeof value === "string" && value.startsWith("data:") ? value : "";
  const shown = problem ?? error;
  return (
    <div className={`form-field form-picture${shown ? " is-invalid" : ""}`} data-field={field.key}>
      <Label field={field} htmlFor={inputId(field.key)} />
      {picture ? (
        <div className="form-picture-chosen">
          <img src={picture} alt={`已选择的${field.label}`} width={96} height={96} />
          <button type="button" className="form-picture-remove" disabled={disabled} onClick={() => onChange("")}>
            移除
          </button>
        </div>
      ) : null}
      <input
        id={inputId(field.key)}
        className="form-file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={disabled || busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(field, shown ?? undefined)}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (!file) return;
          setBusy(true);
          setProblem(null);
          shrinkPicture(file)
            .then(onChange)
            .catch(() => setProblem("无法读取这张图片，请换一张"))
            .finally(() => setBusy(false));
        }}
      />
      {/* the native control is hidden behind this button (its text would follow the browser's language) */}
      <label className="form-file-button" htmlFor={inputId(field.key)} aria-hidden="true">
        {picture ? "更换图片" : "＋ 选择图片"}
      </label>
      {busy ? <p className="form-hint">图片处理中…</p> : null}
      <Notes field={field} error={shown ?? undefined} />
    </div>
  );
}

/** One field of the form, drawn by its type, with its hint and its message. */
export function FormFieldInput(props: FieldProps) {
  const { field, value, error, disabled, onChange, onBlur } = props;
  if (field.type === "choice") return <ChoiceInput {...props} />;
  if (field.type === "picture") return <PictureInput {...props} />;
  const common = {
    id: inputId(field.key),
    name: field.key,
    value: typeof value === "string" ? value : "",
    disabled,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(field, error),
    onBlur,
  };
  let input: ReactNode;
  if (field.type === "text" && field.multiline) {
    input = (
      <textarea
        {...common}
        className="form-input form-textarea"
        rows={4}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  } else {
    const extra =
      field.type === "phone"
        ? { type: "tel", inputMode: "numeric" as const, autoComplete: "tel", maxLength: 11, placeholder: "11位手机号" }
        : field.type === "date"
          ? { type: "date", min: field.min, max: field.max }
          : { type: "text", placeholder: field.max_length ? `不超过${field.max_length}字` : undefined };
    input = (
      <input {...common} {...extra} className="form-input" onChange={(event) => onChange(event.currentTarget.value)} />
    );
  }
  return (
    <div className={`form-field${error ? " is-invalid" : ""}`} data-field={field.key}>
      <Label field={field} htmlFor={common.id} />
      {input}
      <Notes field={field} error={error} />
    </div>
  );
}

/** The element to focus for a field (its input, or a choice's first option). */
export function focusField(key: string): void {
  const element = document.getElementById(inputId(key));
  if (element) {
    element.focus();
    element.scrollIntoView({ block: "center" });
  }
}
