import { FONT_GNO_PATTERN } from "@contract/catalogue-values";

/**
 * The font page keeps its type tester's text, size and theme in its address as the visitor types,
 * so that the address shares the preview. Apart from `font-query.ts`: the root's revalidation rule
 * reads it on every page.
 */
export const TESTER_PARAMS: readonly string[] = ["text", "size", "theme"];

const paramsOf = (url: URL, tester: boolean) =>
  [...url.searchParams]
    .filter(([name]) => TESTER_PARAMS.includes(name) === tester)
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("&");

/**
 * Whether going from `current` to `next` changes only a font page's tester parameters: the page
 * already shows that preview, so no loader needs to run again.
 */
export function isTesterOnlyChange(current: URL, next: URL): boolean {
  const [, section, id, rest] = next.pathname.split("/");
  if (current.pathname !== next.pathname || section !== "font" || rest !== undefined) return false;
  if (!FONT_GNO_PATTERN.test(id ?? "")) return false;
  return paramsOf(current, false) === paramsOf(next, false) && paramsOf(current, true) !== paramsOf(next, true);
}

/**
 * A route's revalidation rule with the tester's own address updates left out: Remix's default
 * otherwise (a form submission always revalidates).
 */
export function revalidatesUnlessTesterOnly(args: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  return (
    args.defaultShouldRevalidate && (Boolean(args.formMethod) || !isTesterOnlyChange(args.currentUrl, args.nextUrl))
  );
}

/** `search` with its tester parameters replaced by those of `testerSearch` (e.g. `?text=…&size=96`). */
export function withTesterParams(search: string, testerSearch: string): string {
  const params = new URLSearchParams(search);
  for (const name of TESTER_PARAMS) params.delete(name);
  for (const [name, value] of new URLSearchParams(testerSearch)) params.append(name, value);
  const joined = params.toString();
  return joined ? `?${joined}` : "";
}
