import type { VariableAxis } from "@contract/variable";
import { useEffect, useRef, useState } from "react";
import { roundToStep } from "./variation";

/** One sweep from the lightest to the heaviest weight and back. */
const SWEEP_MS = 3200;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const update = () => setReduced(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * 动画: sweeps the weight axis back and forth while on. Needs JavaScript, so it appears only once
 * the page is interactive; a visitor who asked the system for less motion gets it switched off.
 */
export function WeightAnimation({
  axis,
  onFrame,
}: {
  axis: VariableAxis | undefined;
  onFrame: (value: number) => void;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [running, setRunning] = useState(false);
  const reduced = usePrefersReducedMotion();
  const frame = useRef<number>();
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (reduced) setRunning(false);
  }, [reduced]);

  useEffect(() => {
    if (!running || !axis) return;
    const start = performance.now();
    const tick = (now: number) => {
      const phase = ((now - start) % SWEEP_MS) / SWEEP_MS;
      const eased = (1 - Math.cos(phase * 2 * Math.PI)) / 2;
      onFrameRef.current(roundToStep(axis, axis.min + (axis.max - axis.min) * eased));
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    };
  }, [running, axis]);

  if (!hydrated || !axis) return null;
  return (
    <span className="weight-animation">
      <button
        type="button"
        className={`btn btn--sm${running ? " btn--primary" : " btn--ghost"}`}
        aria-pressed={running}
        disabled={reduced}
        onClick={() => setRunning((value) => !value)}
      >
        动画
      </button>
      {reduced ? <small className="weight-animation__note">系统已设置减少动态效果，动画不播放</small> : null}
    </span>
  );
}
