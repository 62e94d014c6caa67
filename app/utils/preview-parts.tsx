import { createContext, useContext, type ReactElement } from "react";
import type { PreviewFace } from "~/services/catalogue/fonts";

/**
 * How the template of a page of new words (new-words-page.server.tsx) shows the markup that sets
 * the visitor's words in fonts' faces: it keeps the element, with stand-ins for the words and the
 * faces, and puts a mark in its place. Never in the browser, nor in any other render.
 */
export type PreviewPartsTemplate = { part(element: ReactElement): ReactElement };

export const PreviewPartsTemplateContext = createContext<PreviewPartsTemplate | null>(null);

/**
 * Markup made of a preview's words and faces (a preview, the faces' `@font-face` rules): rendered
 * as it is, except in the template of a page of new words, which renders it anew for each answer
 * with that answer's words and faces. The element must render the same without any context but
 * the nonce's.
 */
export function PreviewPart({ children }: { children: ReactElement }) {
  const template = useContext(PreviewPartsTemplateContext);
  return template ? template.part(children) : children;
}

/**
 * A route whose page previews the visitor's words in fonts (its `handle.newWords`): the server
 * answers its new words from a template of the page (new-words-page.server.tsx).
 */
export type NewWordsRoute<Data> = {
  /** The page's words and the faces that set them; null when it shows no words of the visitor's. */
  words(data: Data): { text: string; faces: Record<string, PreviewFace> } | null;
  /** The same data with other words, set in other faces. */
  withWords(data: Data, text: string, faces: Record<string, PreviewFace>): Data;
};
