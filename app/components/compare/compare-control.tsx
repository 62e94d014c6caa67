import type { FontActionTarget } from "~/components/catalogue/font-actions";

/** 加入对比: adds a font to (or removes it from) the comparison list. */
export function CompareControl(_props: { font: FontActionTarget }) {
  return null;
}
