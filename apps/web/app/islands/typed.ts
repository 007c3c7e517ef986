/**
 * What a visitor typed or picked in an island's fields before it woke (a tip, a comment typed while
 * the island's code was still on its way): read from the element before it is hydrated, and given
 * back once it has rendered, through the events the fields' handlers listen to, so it lands in the
 * island's state as if typed then. Hydration itself may reset a controlled field to its state's empty
 * value (Preact's does, decision 070), and the state would be empty anyway. Files cannot be set by a
 * page: a picked file stays in its input, as the browser keeps it.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const choice = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** The fields under `root` whose value or checked state the visitor changed from the server's. */
export function readTyped(root: Element): Typed[] {
  const typed: Typed[] = [];
  for (const field of Array.from(root.querySelectorAll<Field>("input, textarea, select"))) {
    if (field instanceof HTMLInputElement && (field.type === "file" || field.type === "hidden")) continue;
    const changed = choice(field)
      ? field.checked !== field.defaultChecked
      : field instanceof HTMLSelectElement
        ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
        : field.value !== field.defaultValue;
    if (changed) typed.push({ field, value: field.value, checked: choice(field) ? field.checked : false });
  }
  return typed;
}

/** The native setter of a field's `value`, past any tracking a renderer lays on the element itself. */
function setNativeValue(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

/**
 * Gives back what `readTyped` read as the events a visitor's typing sends, whether the rendered island
 * kept the field's text (React's hydration does, its state empty) or reset it (Preact's). The field is
 * first emptied through the element's own setter (where React tracks what it last saw), then given
 * its text natively: either renderer sees a change and calls the field's handler.
 */
export function restoreTyped(typed: readonly Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    if (choice(field)) {
      // set to the other state, then clicked back: the click sends the events either renderer reads
      field.checked = !checked;
      field.click();
      continue;
    }
    field.value = "";
    setNativeValue(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
