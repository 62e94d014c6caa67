import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef } from "react";
import { COMPARE_STORAGE_KEY } from "~/utils/compare/compare-keys";
import { cn } from "~/utils/misc";
import { useRootData } from "~/utils/root-data";

/** The font a per-font control acts on, as every list and detail page knows it. */
export type FontActionTarget = { fontGNo: string; familyName: string };

type ControlsModule = typeof import("./font-action-controls");

const inBrowser = typeof document !== "undefined";
let controlsModule: ControlsModule | null = null;
let controlsLoading: Promise<ControlsModule> | null = null;
let requestControls = () => {};
const controlsRequested = new Promise<void>((resolve) => (requestControls = resolve));

/**
 * The heart and compare controls' code, fetched once: at start on the server, and in the browser
 * on the visitor's first use of the page (or at once when the controls must show something else
 * than the server drew).
 */
export function loadFontActionControls(): Promise<ControlsModule> {
  requestControls();
  controlsLoading ??= import("./font-action-controls").then((module) => (controlsModule = module));
  return controlsLoading;
}

/** What shows the visitor is using the page, before any click or key reaches a control. */
export const FIRST_USE_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel"] as const;

/**
 * The controls render on the server as always. In the browser their server HTML stays as it is,
 * working as plain forms, until the code arrives; then React hydrates them.
 */
const LazyFontActionControls = lazy(() => {
  if (controlsModule) {
    const ready = { default: controlsModule.FontActionControls };
    // Answered synchronously (the server loaded the module at start), so React renders without suspending.
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  }
  return controlsRequested.then(loadFontActionControls).then((module) => ({ default: module.FontActionControls }));
});

const hydratedActions = new WeakSet<Element>();
const hydrationWaiters = new WeakMap<Element, Array<() => void>>();

function whenHydrated(actions: Element): Promise<void> {
  if (hydratedActions.has(actions)) return Promise.resolve();
  return new Promise((resolve) => hydrationWaiters.set(actions, [...(hydrationWaiters.get(actions) ?? []), resolve]));
}

/**
 * A control pressed before its code arrived (a quick tap on a phone): the submit waits for the
 * code and the hydration, then goes through the enhanced form with what the control showed when it
 * was pressed (hydration may have changed it: a compare list changed in another tab). Should the
 * code fail to load, the form posts as it would without JavaScript.
 */
function replayEarlySubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const actions = form.closest(".font-actions");
  if (!actions || hydratedActions.has(actions)) return;
  event.preventDefault();
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  const pressed = new Map(
    [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input, input.value]),
  );
  loadFontActionControls().then(
    async () => {
      await whenHydrated(actions);
      if (!form.isConnected) return;
      const shown = new Map([...pressed.keys()].map((input) => [input, input.value]));
      for (const [input, value] of pressed) input.value = value;
      // The enhanced handler reads the form while the submit event is dispatched, synchronously.
      try {
        form.requestSubmit(submitter?.form === form ? submitter : null);
      } finally {
        for (const [input, value] of shown) input.value = value;
      }
    },
    () => HTMLFormElement.prototype.submit.call(form),
  );
}

if (inBrowser) {
  document.addEventListener("submit", replayEarlySubmit, true);
  const firstUse = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, firstUse, true);
    void loadFontActionControls();
  };
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, firstUse, { capture: true, passive: true });
} else {
  void loadFontActionControls();
}

/** Whether local storage holds another compare list than the one the server drew from the cookie. */
function storedCompareListDiffers(drawn: readonly string[]): boolean {
  try {
    const stored = window.localStorage.getItem(COMPARE_STORAGE_KEY);
    return stored !== null && stored !== JSON.stringify(drawn);
  } catch {
    return false;
  }
}

type FontActionsProps = { font: FontActionTarget; className?: string };

/** The controls every font card, row and detail page carries: favourite, then compare. */
export const FontActions = memo(
  function FontActions({ font: { fontGNo, familyName }, className }: FontActionsProps) {
    const container = useRef<HTMLDivElement>(null);
    const drawnCompareList = useRootData()?.compareFontGNos;
    useEffect(() => {
      // The compare button shows local storage's list: when the server drew another, hydrate now.
      if (storedCompareListDiffers(drawnCompareList ?? [])) void loadFontActionControls();
    }, [drawnCompareList]);
    const onHydrated = useCallback(() => {
      const actions = container.current;
      if (!actions) return;
      hydratedActions.add(actions);
      for (const resolve of hydrationWaiters.get(actions) ?? []) resolve();
      hydrationWaiters.delete(actions);
    }, []);
    // One element for as long as the font is the same: an update reaching the controls before they
    // hydrated would make React drop their server HTML.
    const controls = useMemo(
      () => (
        <Suspense fallback={null}>
          <LazyFontActionControls font={{ fontGNo, familyName }} onHydrated={onHydrated} />
        </Suspense>
      ),
      [fontGNo, familyName, onHydrated],
    );
    return (
      <div ref={container} className={cn("font-actions", className)}>
        {controls}
      </div>
    );
  },
  (before, after) =>
    before.font.fontGNo === after.font.fontGNo &&
    before.font.familyName === after.font.familyName &&
    before.className === after.className,
);
