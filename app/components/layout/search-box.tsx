import type { KeywordSuggestion } from "@contract/catalogue";
import { KEYWORD_MAX } from "@contract/catalogue-values";
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cn, useDebounce, useTypedBeforeHydration, withQuery } from "~/utils/misc";

/** Autocomplete debounce 300 ms, popover close delay 200 ms. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const POPOVER_CLOSE_DELAY_MS = 200;

export type Suggestion = KeywordSuggestion;
export type SuggestPayload = { keyword: string; suggestions: Suggestion[] };

/** Where a suggestion leads: a font → its page, a keyword → the search page (`action`) searched by it. */
export function suggestionHref(item: Suggestion, action = "/font"): string {
  if (item.type === "font") return `/font/${encodeURIComponent(item.fontGNo)}`;
  return withQuery(action, { keyword: item.keyword });
}

type Suggestions = typeof import("./search-suggestions").SearchSuggestions;
let loadedSuggestions: Suggestions | null = null;

/** The suggestions' module, asked for with `request()` (the first focus or keystroke), not in the first load. */
function useSuggestionsModule(): [Suggestions | null, () => void] {
  const [suggestions, setSuggestions] = useState<Suggestions | null>(() => loadedSuggestions);
  const request = useCallback(() => {
    if (loadedSuggestions) {
      setSuggestions(() => loadedSuggestions);
      return;
    }
    // Without the module (offline) the box stays a plain search form.
    import("./search-suggestions")
      .then((module) => {
        loadedSuggestions = module.SearchSuggestions;
        setSuggestions(() => module.SearchSuggestions);
      })
      .catch(() => undefined);
  }, []);
  return [suggestions, request];
}

export type SearchBoxProps = {
  defaultValue?: string;
  className?: string;
  /** Visual variant: on the light header or the dark home header. */
  tone?: "light" | "dark";
  placeholder?: string;
  /** The page the form searches: the font list (default) or the search across everything. */
  action?: string;
};

/**
 * A search box: a plain GET form to `action` with `keyword` (works without JS). With JS, an ARIA
 * combobox offers suggestions from /resources/search-suggest (↑/↓ to move, Enter to open, Esc to close),
 * fetched by `SearchSuggestions`, which loads on the first focus or keystroke.
 */
export function SearchBox({
  defaultValue = "",
  className,
  tone = "light",
  placeholder = "搜索字体、风格、设计师",
  action = "/font",
}: SearchBoxProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputId = `${baseId}-input`;
  const [Suggestions, requestSuggestions] = useSuggestionsModule();
  const [payload, setPayload] = useState<SuggestPayload | null>(null);
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const inputRef = useRef<HTMLInputElement>(null);
  const debounced = useDebounce(value.trim(), SUGGEST_DEBOUNCE_MS);

  useEffect(() => setValue(defaultValue), [defaultValue]);

  // Typed or focused before the page hydrated: the text is kept and the suggestions start for it.
  useTypedBeforeHydration(inputRef, defaultValue, (typed, focused) => {
    if (typed !== null) setValue(typed);
    if (!focused) return;
    requestSuggestions();
    setFocused(true);
    setOpen(true);
  });

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const suggestions = payload?.suggestions ?? [];
  const showList = open && focused && suggestions.length > 0;
  const heading = payload && !payload.keyword ? "热门搜索" : "搜索建议";

  useEffect(() => setActive(-1), [payload]);

  function go(item: Suggestion) {
    setOpen(false);
    setValue(item.keyword);
    navigate(suggestionHref(item, action));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length) setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length) setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      if (showList && active >= 0 && suggestions[active]) {
        event.preventDefault();
        go(suggestions[active]);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      if (showList) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form
      method="get"
      action={action}
      role="search"
      className={cn("search-box", `search-box--${tone}`, className)}
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {action === "/font" ? "搜索字体" : "全站搜索"}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        name="keyword"
        maxLength={KEYWORD_MAX}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={placeholder}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          requestSuggestions();
        }}
        onFocus={() => {
          requestSuggestions();
          clearTimeout(closeTimer.current);
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => {
            setFocused(false);
            setOpen(false);
          }, POPOVER_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      {Suggestions && focused ? <Suggestions keyword={debounced} onData={setPayload} /> : null}
      <button type="submit" className="search-box__button" aria-label="搜索">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {/* The keyboard reaches the options from the input, never by Tab: a list that scrolls would
          otherwise be a stop of its own. A press anywhere in it keeps the focus in the input. */}
      <ul
        id={listId}
        role="listbox"
        aria-label={heading}
        className="search-box__list"
        hidden={!showList}
        tabIndex={-1}
        onMouseDown={(event) => event.preventDefault()}
      >
        {showList ? (
          <li role="presentation" className="search-box__heading">
            {heading}
          </li>
        ) : null}
        {showList
          ? suggestions.map((item, index) => (
              // The keyboard works on the input (arrows move `aria-activedescendant`, Enter opens); the pointer works here.
              // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
              <li
                key={`${item.type}-${item.type === "font" ? item.fontGNo : ""}-${item.keyword}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn("search-box__option", index === active && "is-active")}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(item)}
              >
                <span className="search-box__kind">{item.type === "font" ? "字体" : "关键词"}</span>
                <span className="search-box__text">{item.keyword}</span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
