import type { FontActionTarget } from "~/components/catalogue/font-actions";

/** The heart that adds a font to (or removes it from) the user's collections. */
export function FavoriteControl(_props: { font: FontActionTarget }) {
  return null;
}
