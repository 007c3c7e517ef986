import { type ComponentType, createContext, createElement, useContext } from "react";
import { jsonForScript } from "../lib/json-script.ts";
import { islandTag, nameAttribute, propsAttribute, type WakePolicy, wakeAttribute } from "./protocol.ts";
import type { IslandName } from "./registry.ts";

/** Set inside an island's component: an island drawn there is part of it, not one of its own. */
export const InsideIsland = createContext(false);

/**
 * An interactive part of a page (decision 053, protocol in loader.ts): renders the component inside
 * `<davmu-island>` with its name, wake policy and props, so the browser can hydrate it alone. The
 * component must take everything from its props (JSON: no functions, no promises) and draw the same
 * markup from them in the browser. Inside another island (a card's popup in a list that is itself an
 * island) it draws the component alone, on the server and in the browser: the outer island hydrates
 * it, and the loader never finds a second root inside the first.
 */
export function Island<P extends object>(props: {
  name: IslandName;
  wake: WakePolicy;
  component: ComponentType<P>;
  props: P;
}) {
  const Component = props.component;
  const nested = useContext(InsideIsland);
  if (nested) return <Component {...props.props} />;
  return createElement(
    islandTag,
    {
      [nameAttribute]: props.name,
      [wakeAttribute]: props.wake,
      [propsAttribute]: jsonForScript(props.props),
    },
    <InsideIsland.Provider value={true}>
      <Component {...props.props} />
    </InsideIsland.Provider>,
  );
}
