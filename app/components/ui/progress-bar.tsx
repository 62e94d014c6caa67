import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Requests quicker than this show no bar, so fast navigations do not flicker. */
export const PROGRESS_BAR_DELAY_MS = 200;

type Phase = "idle" | "loading" | "done";

/** A thin bar at the top that follows in-flight navigations and fetcher requests. */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setPhase("loading"), PROGRESS_BAR_DELAY_MS);
      return () => clearTimeout(show);
    }
    setPhase((current) => (current === "loading" ? "done" : current));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const hide = setTimeout(() => setPhase("idle"), 300);
    return () => clearTimeout(hide);
  }, [phase]);

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
