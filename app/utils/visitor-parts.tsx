import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import type { RootData } from "~/utils/root-data";

/**
 * The parts of a shared page that depend on who is looking, while the server renders the page's
 * template: each part's picker, by the index its markup is marked with.
 */
export type VisitorPartPickers = Array<(root: RootData) => string>;

const TemplateContext = createContext<VisitorPartPickers | null>(null);

/** Renders its page as a template: every VisitorPart inside shows all its states, each marked. */
export function VisitorPartsTemplate({ pickers, children }: { pickers: VisitorPartPickers; children: ReactNode }) {
  return <TemplateContext.Provider value={pickers}>{children}</TemplateContext.Provider>;
}

/** The element marking one state of a part in a template; never sent to a browser. */
export const VISITOR_PART_TAG = "visitor-part";

/**
 * A part of a page that depends on the visitor (their compare list, say) inside markup that does
 * not. Rendered normally it is `render(state)`. In a page's template (VisitorPartsTemplate) it is
 * every state of `states`, each marked, and `pick` tells the server, from a visitor's root data,
 * which of them that visitor's page shows: `pick(root)` must be the `state` this part renders on
 * the server with that root data.
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
  const part = pickers.push(pick) - 1;
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
