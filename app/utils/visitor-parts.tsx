import { createContext, useContext, type ReactNode } from "react";
import type { RootData } from "~/utils/root-data";

/**
 * How a page rendered as a template on the server shows its visitor parts and values (provided by
 * visitor-page-render.server.tsx; never in the browser, where parts render as they are).
 */
export type VisitorPartsTemplate = {
  part<State extends string>(
    states: readonly State[],
    pick: (root: RootData) => State,
    render: (state: State) => ReactNode,
  ): ReactNode;
  value(pick: (root: RootData) => string): string;
};

export const VisitorPartsTemplateContext = createContext<VisitorPartsTemplate | null>(null);

/**
 * A part of a page that depends on the visitor (their compare list, say) inside markup that does
 * not. Rendered normally it is `render(state)`. In a page's template it is every state of `states`,
 * each marked, and `pick` tells the server, from a visitor's root data, which of them that
 * visitor's page shows: `pick(root)` must be the `state` this part renders on the server with that
 * root data. Parts do not nest; a part's markup may hold values.
 */
export function VisitorPart<State extends string>({
  states,
  state,
  pick,
  render,
}: {
  states: readonly State[];
  state: State;
  pick: (root: RootData) => State;
  render: (state: State) => ReactNode;
}) {
  const template = useContext(VisitorPartsTemplateContext);
  return <>{template ? template.part(states, pick, render) : render(state)}</>;
}

/**
 * A text or attribute value that depends on the visitor (their nickname, say): `value` when
 * rendered normally; in a template, a mark the server replaces with `pick(root)` for each visitor,
 * escaped as React escapes text. `pick(root)` must be the `value` the server renders with that
 * root data; neither may be empty (React writes no text for an empty string).
 */
export function useVisitorValue(value: string, pick: (root: RootData) => string): string {
  const template = useContext(VisitorPartsTemplateContext);
  return template ? template.value(pick) : value;
}
