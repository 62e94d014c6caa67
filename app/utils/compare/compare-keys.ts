/** The cookie the server reads, and the browser writes to mirror local storage. */
export const COMPARE_COOKIE = "compare-fonts";
/** The local-storage key holding the list in the browser. */
export const COMPARE_STORAGE_KEY = "compare-fonts";
