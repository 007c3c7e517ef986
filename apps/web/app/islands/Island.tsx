import { type ComponentType, createElement } from "react";
import { jsonForScript } from "../lib/json-script.ts";
import { islandTag, nameAttribute, propsAttribute, type WakePolicy, wakeAttribute } from "./protocol.ts";
import type { IslandName } from "./registry.ts";

/**
 * An interactive part of a page (decision 053, protocol in loader.ts): renders the component inside
 * `<davmu-island>` with its name, wake policy and props, so the browser can hydrate it alone. The
 * component must take everything from its props (JSON: no functions, no promises) and draw the same
 * markup from them in the browser.
 */
export function Island<P extends object>(props: {
  name: IslandName;
  wake: WakePolicy;
  component: ComponentType<P>;
  props: P;
}) {
  const Component = props.component;
  return createElement(
    islandTag,
    {
      [nameAttribute]: props.name,
      [wakeAttribute]: props.wake,
      [propsAttribute]: jsonForScript(props.props),
    },
    <Component {...props.props} />,
  );
}
