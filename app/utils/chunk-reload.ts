/**
 * A page whose script chunk fails to load (a deployment replaced the build, the network dropped)
 * loads, in full, the page the visitor asked for (the one they clicked, not the one they were
 * leaving) to get the current build; a second failure within CHUNK_RELOAD_WINDOW_MS shows the
 * error page instead of loading again.
 */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
/** sessionStorage key holding the time (ms) of the last reload for a failed chunk. */
export const CHUNK_RELOAD_KEY = "chunk-reload-at";

type TimestampStore = Pick<Storage, "getItem" | "setItem">;

/** Whether an error is a failed dynamic import of a script (the messages of Chromium, Firefox and Safari). */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Error loading route module/i.test(
    message,
  );
}

/** Whether a reload is allowed now, given the time of the last one (null: none in this tab). */
export function mayReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set back does not block reloads for good.
  return now - lastReloadAt >= CHUNK_RELOAD_WINDOW_MS || now < lastReloadAt;
}

/**
 * Claims the one reload of the window: true (and the time recorded) when the page may reload now.
 * Without a working sessionStorage the page never reloads, so it cannot loop.
 */
export function claimChunkReload(store: TimestampStore | undefined, now: number): boolean {
  try {
    if (!store) return false;
    const saved = store.getItem(CHUNK_RELOAD_KEY);
    if (!mayReloadForChunk(saved === null ? null : Number(saved), now)) return false;
    store.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

function sessionStore(): TimestampStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

type Listener = () => void;
let failed = false;
const listeners = new Set<Listener>();

/** Whether a chunk failed after the page's one reload: the root then shows the error page. */
export const chunkFailure = {
  get: () => failed,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  report() {
    failed = true;
    for (const listener of listeners) listener();
  },
};

type PendingNavigation = {
  state: string;
  formMethod?: string;
  location?: { pathname: string; search: string; hash: string };
};
type RouterWindow = { __remixRouter?: { state: { navigation: PendingNavigation } } };

/**
 * The address the visitor was heading for when a chunk failed: the one of the client navigation
 * under way (a link, a GET form), or null when there is none, or it is a submission that a page
 * load would not repeat, or it is the page shown (a back or forward navigation has already moved
 * the address bar).
 */
export function pendingAddress(navigation: PendingNavigation | undefined, current: string): string | null {
  if (!navigation?.location || navigation.state === "idle") return null;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return null;
  const { pathname, search, hash } = navigation.location;
  const address = `${pathname}${search}${hash}`;
  return address === current ? null : address;
}

/** The pending navigation's address in this window (see `pendingAddress`). */
function askedAddress(): string | null {
  const { pathname, search, hash } = window.location;
  const router = (window as unknown as RouterWindow).__remixRouter;
  return pendingAddress(router?.state.navigation, `${pathname}${search}${hash}`);
}

/** Loads in full `target`, or the page shown again (null). */
function loadInFull(target: string | null) {
  ownReload = true;
  if (target === null) window.location.reload();
  else window.location.assign(target);
}

/** A failed chunk: load the page asked for once per window, else report the failure (true when loading). */
export function reloadOnceForChunkError(reason: unknown): boolean {
  if (!isChunkLoadError(reason)) return false;
  if (claimChunkReload(sessionStore(), Date.now())) {
    loadInFull(askedAddress());
    return true;
  }
  chunkFailure.report();
  return false;
}

let ownReload = false;

/** Reloads the page on purpose (not for a chunk), e.g. once a new service worker controls it. */
export function reloadPage() {
  ownReload = true;
  window.location.reload();
}

type NavigateEvent = Event & { navigationType: string; cancelable: boolean };
type NavigationTarget = { addEventListener(type: "navigate", listener: (event: NavigateEvent) => void): void };

/**
 * Installs the guard: failed `import()`s nobody handled, and Remix's own reload when a route
 * module fails to load (a script-initiated reload this site did not ask for), follow the rule; the
 * page loaded is then the one the visitor clicked, not the one they were leaving.
 */
export function installChunkReloadGuard() {
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) {
      event.preventDefault();
      reloadOnceForChunkError(event.reason);
    }
  });
  const navigation = (window as unknown as { navigation?: NavigationTarget }).navigation;
  navigation?.addEventListener("navigate", (event) => {
    // Reloads from the browser's own button cannot be cancelled and are never counted.
    if (event.navigationType !== "reload" || !event.cancelable || ownReload) return;
    if (!claimChunkReload(sessionStore(), Date.now())) {
      event.preventDefault();
      chunkFailure.report();
      return;
    }
    const target = askedAddress();
    if (target === null) return;
    event.preventDefault();
    // Started once the cancelled reload's event is over.
    setTimeout(() => loadInFull(target));
  });
}
