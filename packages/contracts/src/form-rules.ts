/**
 * Cloud forms (R-FORM-1): the fields a form's definition may hold and the one set of rules their
 * answers are checked by, in the page before sending and again by the API. Schema-free (no TypeBox),
 * so the browser imports it without the schema code.
 */
import { phonePattern } from "./values.ts";

interface FieldBase {
  /** the answer's key: lower-case letters, digits and _, starting with a letter */
  key: string;
  label: string;
  required: boolean;
  /** a hint shown under the label */
  hint?: string;
}

export interface TextField extends FieldBase {
  type: "text";
  min_length?: number;
  max_length?: number;
  /** a several-line box */
  multiline?: boolean;
}

export interface ChoiceField extends FieldBase {
  type: "choice";
  options: string[];
  multiple: boolean;
}

export interface DateField extends FieldBase {
  type: "date";
  /** earliest and latest allowed day, YYYY-MM-DD */
  min?: string;
  max?: string;
}

export interface PhoneField extends FieldBase {
  type: "phone";
}

export interface PictureField extends FieldBase {
  type: "picture";
}

export type FormField = TextField | ChoiceField | DateField | PhoneField | PictureField;
export type FormFieldType = FormField["type"];
export const formFieldTypes: readonly FormFieldType[] = ["text", "choice", "date", "phone", "picture"];

/** One answer per field key: text for text, date (YYYY-MM-DD), phone and picture; the options chosen for choice. */
export type FormAnswers = Record<string, string | string[]>;

/** A text answer's longest length when its field sets none. */
export const textMaxDefault = 500;
/** Longest text an editor may allow. */
export const textMaxLimit = 5000;
/** Most fields a form may have, and options a choice may offer. */
export const formFieldsMax = 30;
export const choiceOptionsMax = 30;
/** A picture is sent as a data URL of a JPEG, PNG or WebP image of at most this many bytes. */
export const pictureMaxBytes = 2 * 1024 * 1024;
export const pictureTypes = ["image/jpeg", "image/png", "image/webp"] as const;

const keyRule = /^[a-z][a-z0-9_]{0,31}$/;
const dayRule = /^(\d{4})-(\d{2})-(\d{2})$/;
const phoneRule = new RegExp(phonePattern);
const pictureRule = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Characters as a reader counts them (a Chinese character or an emoji is one). */
export function textLength(text: string): number {
  return Array.from(text).length;
}

/** Whether a YYYY-MM-DD string names a real day. */
export function isDay(value: string): boolean {
  const match = dayRule.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Bytes a base64 text decodes to. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** A picture answer's type and base64 data, or null when it is not a data URL of an allowed image. */
export function parsePicture(value: string): { type: string; data: string } | null {
  const match = pictureRule.exec(value);
  return match ? { type: match[1] as string, data: match[2] as string } : null;
}

function isEmpty(value: string | string[] | undefined): boolean {
  if (value === undefined) return true;
  return Array.isArray(value) ? value.length === 0 : value.trim() === "";
}

/** The message for one field's answer, or null when it passes. */
export function checkField(field: FormField, value: string | string[] | undefined): string | null {
  if (isEmpty(value)) return field.required ? (field.type === "choice" ? "请选择" : "请填写此项") : null;
  if (field.type === "choice") {
    const chosen = Array.isArray(value) ? value : [value as string];
    if (!field.multiple && chosen.length > 1) return "只能选择一项";
    if (new Set(chosen).size !== chosen.length) return "选项重复";
    if (!chosen.every((option) => field.options.includes(option))) return "选项无效";
    return null;
  }
  if (typeof value !== "string") return "格式不正确";
  switch (field.type) {
    case "text": {
      const length = textLength(value.trim());
      const min = field.min_length ?? 0;
      const max = field.max_length ?? textMaxDefault;
      if (length < min) return `至少填写${min}个字`;
      if (length > max) return `最多填写${max}个字`;
      return null;
    }
    case "date":
      if (!isDay(value)) return "请选择有效日期";
      if (field.min && value < field.min) return `日期不能早于${field.min}`;
      if (field.max && value > field.max) return `日期不能晚于${field.max}`;
      return null;
    case "phone":
      return phoneRule.test(value) ? null : "请输入正确的手机号";
    case "picture": {
      const picture = parsePicture(value);
      if (!picture) return "请上传 JPG、PNG 或 WebP 图片";
      if (base64Bytes(picture.data) > pictureMaxBytes) return "图片不能超过2MB";
      return null;
    }
  }
}

/** Messages by field key for every answer that fails its field's rule; empty when all pass. */
export function checkAnswers(fields: readonly FormField[], answers: FormAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = checkField(field, answers[field.key]);
    if (message) errors[field.key] = message;
  }
  for (const key of Object.keys(answers)) {
    if (!fields.some((field) => field.key === key)) errors[key] = "表单中没有此项";
  }
  return errors;
}

/** The field with only the properties its type has (editors' input may carry others). */
export function pickField(field: FormField): FormField {
  const base = {
    key: field.key,
    label: field.label,
    required: field.required,
    ...(field.hint ? { hint: field.hint } : {}),
  };
  switch (field.type) {
    case "text": {
      const { min_length, max_length, multiline } = field;
      return {
        ...base,
        type: "text",
        ...(min_length === undefined ? {} : { min_length }),
        ...(max_length === undefined ? {} : { max_length }),
        ...(multiline === undefined ? {} : { multiline }),
      };
    }
    case "choice":
      return { ...base, type: "choice", options: field.options, multiple: field.multiple };
    case "date":
      return {
        ...base,
        type: "date",
        ...(field.min ? { min: field.min } : {}),
        ...(field.max ? { max: field.max } : {}),
      };
    default:
      return { ...base, type: field.type };
  }
}

/** The problem with a form's definition as editors send it, or null when it is sound. */
export function checkDefinition(fields: readonly FormField[]): string | null {
  if (fields.length === 0) return "表单至少要有一项";
  if (fields.length > formFieldsMax) return `表单最多${formFieldsMax}项`;
  const keys = new Set<string>();
  for (const field of fields) {
    const name = `「${field.label}」`;
    if (!keyRule.test(field.key)) return `${name}的 key 只能是小写字母开头的字母、数字和下划线`;
    if (keys.has(field.key)) return `key「${field.key}」重复`;
    keys.add(field.key);
    if (field.type === "text") {
      const min = field.min_length ?? 0;
      const max = field.max_length ?? textMaxDefault;
      if (min < 0 || max < 1 || max > textMaxLimit || min > max) return `${name}的字数范围不正确`;
    }
    if (field.type === "choice") {
      if (field.options.length < 2 || field.options.length > choiceOptionsMax)
        return `${name}需要2到${choiceOptionsMax}个选项`;
      if (new Set(field.options).size !== field.options.length) return `${name}的选项重复`;
      if (field.options.some((option) => option.trim() === "")) return `${name}有空选项`;
    }
    if (field.type === "date") {
      if ((field.min && !isDay(field.min)) || (field.max && !isDay(field.max))) return `${name}的日期范围不正确`;
      if (field.min && field.max && field.min > field.max) return `${name}的最早日期晚于最晚日期`;
    }
  }
  return null;
}
