import { opensTheApp } from "../open-app/opens-the-app.ts";

/** 打开{site}App阅读更多 under a detail: asks for the open-app dialog (an island woken by the tap, decision 056). */
export function ReadInApp(props: { label: string; className?: string }) {
  return (
    <button type="button" className={props.className ?? "read-in-app"} {...opensTheApp}>
      {props.label}
    </button>
  );
}
