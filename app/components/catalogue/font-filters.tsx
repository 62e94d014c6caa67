import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import type { Tag } from "~/services/catalogue/fonts";
import { CLIENT_LINKS_KEEPING_SCROLL } from "~/utils/client-links";
import {
  KEYWORD_MAX,
  SORTS,
  SORT_LABELS,
  THEMES,
  THEME_LABELS,
  fontListSearch,
  parseFontListQuery,
  type FontListQuery,
} from "~/services/catalogue/font-query";
import { DEFAULT_PREVIEW_TEXT, LIST_TEXT_MAX } from "~/services/catalogue/preview-text";

export type CategoryChip = { code: string; name: string };

export type FontFiltersProps = {
  query: FontListQuery;
  categories: CategoryChip[];
  tags: Tag[];
  action?: string;
  /** Further filters with forms of their own (a form cannot sit inside the GET form). */
  children?: ReactNode;
};

const DEBOUNCE_MS = 300;

/** What the form asks for, read with the loader's schema: the URL only carries meaningful, valid values. */
function formQuery(form: HTMLFormElement): FontListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") raw[key] = value;
  return parseFontListQuery(raw).query;
}

/**
 * The list's GET form (preview text, fit, sort, theme, keyword) and the style/tag chips.
 * Without JavaScript it is a plain GET form and links; with JavaScript it submits itself
 * (debounced 300 ms for typing) and replaces the history entry.
 */
export function FontFilters({ query, categories, tags, action = "/font", children }: FontFiltersProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === action;

  useEffect(() => () => clearTimeout(timer.current), []);

  // The inputs are uncontrolled (they work without JS); when the URL changes from elsewhere
  // (a chip, 清除搜索词, back button) bring them in line, except the one being typed in. At
  // hydration, what the visitor changed before (React saw none of it) is applied, not undone.
  const hydrated = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (!hydrated.current) {
      hydrated.current = true;
      if (fontListSearch({ ...formQuery(form), page: query.page }) !== fontListSearch(query)) go();
      return;
    }
    const active = document.activeElement;
    const set = (name: string, value: string) => {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        if (field !== active && field.value !== value) field.value = value;
      }
    };
    set("text", query.text);
    set("keyword", query.keyword);
    set("sort", query.sort);
    const fit = form.elements.namedItem("fit");
    if (fit instanceof HTMLInputElement) fit.checked = query.fit;
    for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
      radio.checked = radio.value === query.theme;
    }
    // Brought in line when the query changes, not on each render (`go` is a new function each time).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.text, query.keyword, query.sort, query.fit, query.theme]);

  function go() {
    const form = formRef.current;
    if (!form) return;
    const to = `${action}${fontListSearch(formQuery(form))}`;
    // Pressing 预览 right after a change asks again for the list already on its way: a second
    // navigation would only cancel the first and fetch the same list.
    const pending = navigation.location;
    if (navigation.state !== "idle" && pending && `${pending.pathname}${pending.search}` === to) return;
    navigate(to, { replace: true, preventScrollReset: true });
  }

  function schedule(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(go, delay);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const typing = target.type === "text" || target.type === "search";
    schedule(typing ? DEBOUNCE_MS : 0);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    go();
  }

  const styleHref = (style: string | undefined) => `${action}${fontListSearch(query, { style })}`;
  const tagHref = (tag: number | undefined) => `${action}${fontListSearch(query, { tag })}`;

  return (
    <section className="font-filters" aria-label="筛选与预览设置">
      <Form
        ref={formRef}
        method="get"
        action={action}
        className="font-filters__form"
        onChange={onChange}
        onSubmit={onSubmit}
        role="search"
        aria-label="字体预览与筛选"
      >
        <div className="font-filters__row font-filters__row--main">
          <label className="font-filters__text">
            <span className="visually-hidden">预览文字</span>
            <input
              type="text"
              name="text"
              defaultValue={query.text}
              maxLength={LIST_TEXT_MAX}
              placeholder={`输入你想预览的文字，例如：${DEFAULT_PREVIEW_TEXT}`}
              aria-label="预览文字"
              autoComplete="off"
              enterKeyHint="go"
            />
          </label>
          <button type="submit" className="btn btn--primary">
            预览
          </button>
        </div>
        <div className="font-filters__row">
          <label className="font-filters__keyword">
            <span>搜索</span>
            <input
              type="search"
              name="keyword"
              defaultValue={query.keyword}
              maxLength={KEYWORD_MAX}
              placeholder="字体名、设计师、标签"
              aria-label="搜索字体"
              autoComplete="off"
            />
          </label>
          <label className="font-filters__fit">
            <input type="checkbox" name="fit" value="1" defaultChecked={query.fit} />
            <span>只看能显示这段文字的字体</span>
          </label>
          <label className="font-filters__sort">
            <span>排序</span>
            <select name="sort" defaultValue={query.sort} aria-label="排序">
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="font-filters__theme">
            <legend>预览背景</legend>
            {THEMES.map((theme) => (
              <label key={theme} className={`theme-option theme-option--${theme}`}>
                <input type="radio" name="theme" value={theme} defaultChecked={query.theme === theme} />
                <span>{THEME_LABELS[theme]}</span>
              </label>
            ))}
          </fieldset>
          {busy ? (
            <span className="font-filters__busy" role="status">
              正在更新…
            </span>
          ) : null}
        </div>
        <input type="hidden" name="layout" value={query.layout} />
        {query.style ? <input type="hidden" name="style" value={query.style} /> : null}
        {query.tag ? <input type="hidden" name="tag" value={query.tag} /> : null}
        {query.fonts ? <input type="hidden" name="fonts" value={query.fonts} /> : null}
        {query.fonts && query.subtitle ? <input type="hidden" name="subtitle" value={query.subtitle} /> : null}
      </Form>

      {children}

      {categories.length > 0 ? (
        <nav {...CLIENT_LINKS_KEEPING_SCROLL} className="chips" aria-label="风格分类">
          <a href={styleHref(undefined)} className="chip" aria-current={!query.style ? "true" : undefined}>
            全部
          </a>
          {categories.map((category) => (
            <a
              key={category.code}
              href={styleHref(category.code)}
              className="chip"
              data-style={category.code}
              aria-current={query.style === category.code ? "true" : undefined}
            >
              {category.name}
            </a>
          ))}
        </nav>
      ) : null}

      {tags.length > 0 ? (
        <nav {...CLIENT_LINKS_KEEPING_SCROLL} className="chips chips--tags" aria-label="标签">
          <span className="chips__label">标签</span>
          {query.tag ? (
            <a href={tagHref(undefined)} className="chip chip--ghost">
              不限
            </a>
          ) : null}
          {tags.map((tag) => (
            <a
              key={tag.id}
              href={tagHref(tag.id)}
              className="chip chip--tag"
              data-tag={tag.id}
              aria-current={query.tag === tag.id ? "true" : undefined}
            >
              #{tag.name}
            </a>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
