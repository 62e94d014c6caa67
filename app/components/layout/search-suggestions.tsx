import { KEYWORD_MAX } from "@contract/catalogue-values";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withQuery } from "~/utils/misc";
import type { SuggestPayload } from "./search-box";

/**
 * The search box's suggestions: asks /resources/search-suggest for `keyword` (the box's text after
 * 300 ms of quiet typing) and hands each answer to `onData`. Loaded the first time a search box is focused or typed
 * in, and rendered while it has the focus; it renders nothing itself.
 */
export function SearchSuggestions({ keyword, onData }: { keyword: string; onData: (payload: SuggestPayload) => void }) {
  const fetcher = useFetcher<SuggestPayload>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const report = useRef(onData);
  report.current = onData;

  useEffect(() => {
    // A newer keystroke or a navigation aborts a load still under way; that is expected, not an error.
    Promise.resolve(
      load.current(withQuery("/resources/search-suggest", { keyword: keyword.slice(0, KEYWORD_MAX) })),
    ).catch(() => undefined);
  }, [keyword]);

  useEffect(() => {
    if (fetcher.data) report.current(fetcher.data);
  }, [fetcher.data]);

  return null;
}
