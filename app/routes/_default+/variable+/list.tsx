import {
  AXIS_TAG_PATTERN,
  VARIABLE_CATEGORIES,
  VARIABLE_CATEGORY_NAMES,
  type VariableAxis,
  type VariableCategory,
  type VariableFont,
} from "@contract/variable";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Pagination } from "~/components/ui/pagination";
import { AxisSliders } from "~/components/variable/axis-sliders";
import { PreviewControls } from "~/components/variable/preview-controls";
import { useLiveFaces } from "~/components/variable/use-live-faces";
import { VariableErrorBoundary } from "~/components/variable/variable-error";
import { VariableFaces } from "~/components/variable/variable-faces";
import { hrefWith, previewQuery } from "~/components/variable/variable-query";
import { FACES_PARAM } from "~/utils/live-faces";
import {
  axisLabel,
  axisValuesFrom,
  clampToAxis,
  variationSettings,
  type AxisValues,
} from "~/components/variable/variation";
import { listVariableFonts, loadVariableFaces } from "~/services/variable.server";
import variableStylesHref from "~/styles/variable.css?url";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: variableStylesHref }];

const pageMeta: MetaFunction = () => [
  { title: "可变字体列表 - 短视频字体" },
  { name: "description", content: "全部可变字体及其设计轴与取值范围，用同一段文字和同一组滑块对比预览。" },
];

const LIST_PAGE_SIZE = 10;

/** Axes a slider is shared for when any font of the page has them, in this order. */
const SHARED_AXIS_ORDER = ["wght", "wdth", "opsz", "slnt", "ital", "GRAD", "CASL", "CRSV", "MONO"];

type ListFilters = { category?: VariableCategory; axis?: string; page: number };

function listFilters(params: URLSearchParams): ListFilters {
  const category = params.get("category") ?? "";
  const axis = params.get("axis") ?? "";
  const page = Number(params.get("page"));
  return {
    category: (VARIABLE_CATEGORIES as readonly string[]).includes(category)
      ? (category as VariableCategory)
      : undefined,
    axis: AXIS_TAG_PATTERN.test(axis) ? axis : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * One slider per axis at least two fonts of the page share (or the only font has), spanning every
 * font's range; each font takes the value clamped to its own range.
 */
function sharedAxes(fonts: readonly VariableFont[]): VariableAxis[] {
  const byTag = new Map<string, VariableAxis[]>();
  for (const font of fonts) for (const axis of font.axes) byTag.set(axis.tag, [...(byTag.get(axis.tag) ?? []), axis]);
  const needed = Math.min(2, Math.max(1, fonts.length));
  return SHARED_AXIS_ORDER.filter((tag) => (byTag.get(tag)?.length ?? 0) >= needed).map((tag) => {
    const axes = byTag.get(tag)!;
    return {
      tag,
      name: axes[0]!.name,
      min: Math.min(...axes.map((axis) => axis.min)),
      max: Math.max(...axes.map((axis) => axis.max)),
      default: tag === "wght" ? 400 : axes[0]!.default,
      hidden: false,
    };
  });
}

function valuesForFont(font: VariableFont, shared: AxisValues): AxisValues {
  return Object.fromEntries(font.axes.map((axis) => [axis.tag, tagValue(axis, shared[axis.tag])]));
}

function tagValue(axis: VariableAxis, shared: number | undefined): number {
  return shared === undefined ? axis.default : clampToAxis(axis, shared);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const { text, size } = previewQuery(url.searchParams);
  const filters = listFilters(url.searchParams);
  const [page, everything] = await Promise.all([
    listVariableFonts(caller, {
      current: filters.page,
      size: LIST_PAGE_SIZE,
      category: filters.category,
      axis: filters.axis,
    }),
    listVariableFonts(caller, { current: 1, size: 50 }),
  ]).catch(throwApiError);
  const faces = await loadVariableFaces(
    caller,
    page.records.map((font) => ({ gno: font.gno, text: text || `${font.sampleText}${font.familyName}` })),
  );
  const axes = sharedAxes(page.records);
  const axisTags = [
    ...new Set(everything.records.flatMap((font) => font.axes.filter((axis) => !axis.hidden).map((axis) => axis.tag))),
  ];
  const result = {
    faces,
    fonts: page.records,
    total: page.total,
    pages: page.pages,
    filters,
    axisTags,
    axes,
    values: axisValuesFrom(url.searchParams, axes),
    text,
    size,
  };
  if (url.searchParams.get(FACES_PARAM) === "1") return { ...result, fonts: [] };
  return result;
}

export default function VariableListRoute() {
  const { search } = useLocation();
  return <VariableListPage key={search} />;
}

function VariableListPage() {
  const data = useLoaderData<typeof loader>();
  const { fonts, filters, axisTags, axes, total, pages } = data;
  const { text, changeText, faces, loading } = useLiveFaces({ text: data.text, faces: data.faces });
  const [size, setSize] = useState(data.size);
  const [values, setValues] = useState<AxisValues>(data.values);

  const filterHref = (next: Partial<ListFilters>) =>
    hrefWith("/variable/list", {
      category: "category" in next ? next.category : filters.category,
      axis: "axis" in next ? next.axis : filters.axis,
      page: next.page && next.page > 1 ? next.page : undefined,
      text: text.trim(),
      px: size,
      ...values,
    });

  return (
    <div className="variable-page">
      <VariableFaces
        faces={fonts.flatMap((font) => (faces[font.gno] ? [{ face: faces[font.gno]!, axes: font.axes }] : []))}
      />
      <header className="variable-intro variable-intro--compact">
        <h1>可变字体列表</h1>
        <p>
          共 <strong data-total={total}>{total}</strong> 款可变字体。输入文字、拖动下面的滑块，所有字体一起预览；
          某款字体没有的轴不受影响，超出它范围的值取它的最近值。
        </p>
      </header>

      <nav className="variable-filters" aria-label="筛选可变字体">
        <div className="variable-filters__group">
          <span className="variable-filters__label">分类</span>
          <Link to={filterHref({ category: undefined, page: 1 })} aria-current={!filters.category ? "page" : undefined}>
            全部
          </Link>
          {VARIABLE_CATEGORIES.map((category) => (
            <Link
              key={category}
              to={filterHref({ category, page: 1 })}
              aria-current={filters.category === category ? "page" : undefined}
            >
              {VARIABLE_CATEGORY_NAMES[category]}
            </Link>
          ))}
        </div>
        <div className="variable-filters__group">
          <span className="variable-filters__label">设计轴</span>
          <Link to={filterHref({ axis: undefined, page: 1 })} aria-current={!filters.axis ? "page" : undefined}>
            不限
          </Link>
          {axisTags.map((tag) => (
            <Link
              key={tag}
              to={filterHref({ axis: tag, page: 1 })}
              aria-current={filters.axis === tag ? "page" : undefined}
            >
              {axisLabel({ tag, name: tag })} <code>{tag}</code>
            </Link>
          ))}
        </div>
      </nav>

      <Form method="get" action="/variable/list" className="variable-form" aria-label="可变字体预览设置">
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        {filters.axis ? <input type="hidden" name="axis" value={filters.axis} /> : null}
        {filters.page > 1 ? <input type="hidden" name="page" value={filters.page} /> : null}
        <PreviewControls
          text={text}
          placeholder="输入文字，所有字体一起预览"
          size={size}
          onTextChange={changeText}
          onSizeChange={setSize}
          loading={loading}
        />
        {axes.length > 0 ? (
          <fieldset className="variable-shared-axes">
            <legend>共同的设计轴</legend>
            <AxisSliders
              axes={axes}
              values={values}
              onChange={(tag, value) => setValues({ ...values, [tag]: value })}
            />
            <button type="submit" className="btn btn--sm btn--primary">
              应用
            </button>
          </fieldset>
        ) : null}
      </Form>

      {fonts.length > 0 ? (
        <ul className="variable-list" aria-label="可变字体列表">
          {fonts.map((font) => {
            const fontValues = valuesForFont(font, values);
            const face = faces[font.gno];
            const detailHref = hrefWith(`/variable/${font.gno}`, { text: text.trim(), px: size, ...fontValues });
            return (
              <li key={font.gno} className="variable-row" data-gno={font.gno}>
                <div className="variable-row__head">
                  <h2>
                    <Link to={detailHref}>{font.nameZh}</Link>
                  </h2>
                  <span className="variable-specimen__family">{font.familyName}</span>
                  <span className="variable-specimen__badge">{font.categoryName}</span>
                  <span className="variable-specimen__badge variable-specimen__badge--license">
                    {font.license.commercialLabel}
                  </span>
                </div>
                <p
                  className={`variable-preview${face ? "" : " variable-preview--fallback"}`}
                  data-testid="variable-preview"
                  data-variation={variationSettings(font.axes, fontValues)}
                  lang={font.category === "latin" ? "en" : "zh"}
                  style={{
                    fontFamily: face ? `"${face.familyName}", var(--font-ui)` : undefined,
                    fontVariationSettings: variationSettings(font.axes, fontValues),
                    fontSize: `min(${size}px, 16vw)`,
                  }}
                >
                  <span className="variable-preview__text">{text.trim() || font.sampleText}</span>
                </p>
                <dl className="variable-row__axes" aria-label={`${font.nameZh}的设计轴`}>
                  {font.axes.map((axis) => (
                    <div key={axis.tag} className={axis.hidden ? "variable-row__axis--hidden" : undefined}>
                      <dt>
                        {axisLabel(axis)} <code>{axis.tag}</code>
                      </dt>
                      <dd>
                        {axis.min}–{axis.max}（默认 {axis.default}）
                      </dd>
                    </div>
                  ))}
                </dl>
                <p className="variable-row__more">
                  <Link to={detailHref}>详情与编辑器 →</Link>
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="variable-empty">
          {filters.page > 1 && pages > 0 ? `第 ${filters.page} 页没有字体。` : "没有符合条件的可变字体。"}{" "}
          <Link to="/variable/list">查看全部</Link>
        </p>
      )}

      <Pagination page={filters.page} pages={pages} hrefFor={(page) => filterHref({ page })} label="可变字体列表分页" />
    </div>
  );
}

export { VariableErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
