import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import type { RootData } from "~/utils/root-data";

/**
 * What the visitor parts of a page being rendered as a template register, by the index their
 * markup is marked with: for each part, which of its states a visitor's root data picks; for each
 * value, the text it holds for that visitor.
 */
export type VisitorPartPickers = {
  parts: Array<(root: RootData) => string>;
  values: Array<(root: RootData) => string>;
};

export function visitorPartPickers(): VisitorPartPickers {
  return { parts: [], values: [] };
}

const TemplateContext = createContext<VisitorPartPickers | null>(null);

/** Renders its page as a template: every VisitorPart inside shows all its states, each marked. */
export function VisitorPartsTemplate({ pickers, children }: { pickers: VisitorPartPickers; children: ReactNode }) {
  return <TemplateContext.Provider value={pickers}>{children}</TemplateContext.Provider>;
}

/** The element marking one state of a part in a template; never sent to a browser. */
export const VISITOR_PART_TAG = "visitor-part";

/** Stands for value `index` in a template's text and attributes (private-use characters React leaves as they are). */
export function visitorValueMark(index: number): string {
  return `\uE000${index}\uE001`;
}

/**
 * A part of a page that depends on the visitor (their compare list, say) inside markup that does
 * not. Rendered normally it is `render(state)`. In a page's template (VisitorPartsTemplate) it is
 * every state of `states`, each marked, and `pick` tells the server, from a visitor's root data,
 * which of them that visitor's page shows: `pick(root)` must be the `state` this part renders on
 * the server with that root data. Parts do not nest; a part's markup may hold values.
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
  const pickers = useContext(TemplateContext);
  if (!pickers) return <>{render(state)}</>;
  const part = pickers.parts.push(pick) - 1;
  return (
    <>
      {states.map((each) => (
        <Fragment key={each}>
          {createElement(VISITOR_PART_TAG, { "data-part": part, "data-state": each }, render(each))}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A text or attribute value that depends on the visitor (their nickname, say): `value` when
 * rendered normally; in a template, a mark the server replaces with `pick(root)` for each visitor,
 * escaped as React escapes text. `pick(root)` must be the `value` the server renders with that
 * root data; neither may be empty (React writes no text for an empty string).
 */
export function useVisitorValue(value: string, pick: (root: RootData) => string): string {
  const pickers = useContext(TemplateContext);
  if (!pickers) return value;
  return visitorValueMark(pickers.values.push(pick) - 1);
}
