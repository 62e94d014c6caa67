import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** The bar stays at least 200 ms so quick navigations do not flicker. */
export const MIN_PROGRESS_DISPLAY_MS = 200;

type Phase = "idle" | "loading" | "done";

/** A thin bar at the top that follows in-flight navigations (useNavigation). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const startedAt = useRef(0);

  useEffect(() => {
    if (busy) {
      startedAt.current = Date.now();
      setPhase("loading");
      return;
    }
    if (phase !== "loading") return;
    const wait = Math.max(0, MIN_PROGRESS_DISPLAY_MS - (Date.now() - startedAt.current));
    const finish = setTimeout(() => setPhase("done"), wait);
    const hide = setTimeout(() => setPhase("idle"), wait + 300);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);

  return (
    <div
      className="progress-bar"
      data-phase={phase}
      role="progressbar"
      aria-label="页面加载中"
      aria-hidden={phase === "idle"}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={phase === "loading" ? "加载中" : undefined}
    >
      <div className="progress-bar__fill" />
    </div>
  );
}
