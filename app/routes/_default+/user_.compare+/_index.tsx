import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { CompareForm } from "~/components/compare/compare-form";
import { ComparedFontCard } from "~/components/compare/compared-font-card";
import compareStylesHref from "~/styles/compare.css?url";
import { COMPARE_MAX } from "~/services/compare/compare-list";
import { readCompareList } from "~/services/compare/compare-cookie.server";
import { loadComparedFonts } from "~/services/compare/compare-fonts.server";
import { useCompareList } from "~/components/compare/compare-store";
import { comparePdfHref, parseCompareView } from "~/services/compare/compare-view";
import { cn } from "~/utils/misc";
import { throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: compareStylesHref }];

const pageMeta: MetaFunction = () => [
  { title: "字体对比 - 短视频字体" },
  { name: "description", content: "把几款字体放在一起，用同一段文字、同样的字号比较，并导出 PDF。" },
  { name: "robots", content: "noindex" },
];

/**
 * The fonts of the visitor's comparison list (its cookie, which the browser keeps equal to local
 * storage), each with the text set in its subset and the characters it lacks. Visitors use it too.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, typedText, notice } = parseCompareView(new URL(request.url).searchParams);
  const gnos = readCompareList(request);
  const compared =
    gnos.length > 0
      ? await loadComparedFonts({ request, context }, gnos, view.text).catch(throwApiError)
      : { fonts: [], unknown: [], subsetsFailed: false };
  return data({ view, typedText, notice, gnos, ...compared }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ComparePage() {
  const { view, typedText, notice, gnos, fonts, unknown, subsetsFailed } = useLoaderData<typeof loader>();
  const list = useCompareList();
  const revalidator = useRevalidator();
  // The list changes in the browser: a font removed here disappears at once; one added in another
  // tab (not loaded yet) makes the page load again, once per list.
  const shown = fonts.filter((font) => list.includes(font.gno));
  const notLoaded = list.filter((gno) => !gnos.includes(gno)).join(".");
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!notLoaded || reloadedFor.current === notLoaded || revalidator.state !== "idle") return;
    reloadedFor.current = notLoaded;
    revalidator.revalidate();
  }, [notLoaded, revalidator]);

  return (
    <div className="container compare-page">
      <header className="page-head">
        <h1 className="page-head__title">字体对比</h1>
        <p className="page-head__lead">
          同一段文字、同样的字号，把字体放在一起比较；字体里没有的字以虚线框标出。最多对比 {COMPARE_MAX} 款。
        </p>
      </header>

      <CompareForm view={view} typedText={typedText} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <p className="notice" role="status">
          编号为 {unknown.join("、")} 的字体已不存在，未列出。
        </p>
      ) : null}
      {subsetsFailed ? (
        <p className="notice" role="status">
          字体预览暂时无法加载，当前以系统字体示意，缺字也暂时无法检查。
        </p>
      ) : null}

      {shown.length === 0 ? (
        <section className="compare-empty card" aria-labelledby="compare-empty-title">
          <h2 id="compare-empty-title">对比列表是空的</h2>
          <p>
            在字体列表或字体详情页点“加入对比”，把想比较的字体加进来（最多 {COMPARE_MAX}{" "}
            款），再回到这里用同一段文字比较。
          </p>
          <Link className="btn btn--primary" to="/font">
            去字体列表挑选
          </Link>
        </section>
      ) : (
        <>
          <div className="compare-toolbar">
            <p className="compare-toolbar__count">
              正在对比 <strong>{shown.length}</strong> 款字体
            </p>
            <a
              className="btn btn--primary btn--sm"
              href={comparePdfHref(
                shown.map((font) => font.gno),
                view.text,
              )}
              download
            >
              导出 PDF
            </a>
          </div>
          <FontFaces faces={shown.flatMap((font) => (font.face ? [font.face] : []))} />
          <section className={cn("compare-list", `compare-list--${view.layout}`)} aria-label="对比中的字体">
            {shown.map((font) => (
              <ComparedFontCard key={font.gno} font={font} text={view.text} size={view.size} theme={view.theme} />
            ))}
          </section>
        </>
      )}
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
