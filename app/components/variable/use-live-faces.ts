import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { FACES_PARAM } from "~/utils/live-faces";
import type { VariableFace } from "~/services/variable.server";

const LIVE_DEBOUNCE_MS = 300;

/**
 * The visitor's text and the subsets that draw it. As the visitor types, new subsets are asked of
 * this page's loader (`?_faces=1&text=…`) and replace the old ones once the browser has loaded them.
 */
export function useLiveFaces(initial: { text: string; faces: Record<string, VariableFace> }) {
  const { pathname, search } = useLocation();
  const [text, setText] = useState(initial.text);
  const [faces, setFaces] = useState(initial.faces);
  const fetcher = useFetcher<{ faces: Record<string, VariableFace> }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lastRequested = useRef(initial.text.trim());

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const next = fetcher.data.faces;
    if (!next || Object.keys(next).length === 0) return; // keep what still draws part of the text
    let cancelled = false;
    const loads = Object.values(next).map((face) =>
      document.fonts.load(`32px "${face.familyName}"`, lastRequested.current || "字").catch(() => undefined),
    );
    Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 4000))]).then(() => {
      if (!cancelled) setFaces(next);
    });
    return () => {
      cancelled = true;
    };
  }, [fetcher.state, fetcher.data]);

  const changeText = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const trimmed = value.trim();
        if (trimmed === lastRequested.current) return;
        lastRequested.current = trimmed;
        // The page's other parameters (filters, page) choose the fonts whose subsets are wanted.
        const params = new URLSearchParams(search);
        params.set(FACES_PARAM, "1");
        if (trimmed) params.set("text", trimmed);
        else params.delete("text");
        fetcher.load(`${pathname}?${params}`);
      }, LIVE_DEBOUNCE_MS);
    },
    [fetcher, pathname, search],
  );

  return { text, changeText, faces, loading: fetcher.state !== "idle" };
}
