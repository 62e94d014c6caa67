import { stripHtmlSuffix } from "~/utils/html-suffix";

/**
 * The key a page's scroll position is saved under. Entries the client router created have their
 * own key; every page reached by a full page load shares the key "default", so those are told
 * apart by their address (a `.html` twin is the same page).
 */
export function scrollRestorationKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === "default" ? `${stripHtmlSuffix(location.pathname)}${location.search}` : location.key;
}
