import { FONT_DISPLAY_VALUES, WEB_FONT_LIMITS, webFontCssPath } from "@contract/web-fonts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { CopyableText } from "~/components/ui/copyable-text";
import { listFonts } from "~/services/catalogue.server";
import { fontHref } from "~/services/catalogue/fonts";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { useRootData } from "~/utils/root-data";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction = () => [
  { title: "使用网页字体 - 一行代码在网页中使用本站字体 - 短视频字体" },
  {
    name: "description",
    content:
      "用一行 <link> 或 @import 在任何网页中使用本站的开源中文字体：按常用字分片加载，或只加载页面用到的字，接口与 Google Fonts 的 CSS2 一致。",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { records } = await listFonts({ request, context }, { current: 1, size: 100, sort: "hot" });
  const families = records.map((font) => ({
    name: font.familyName,
    nameEn: font.familyNameEn,
    fontGNo: font.fontGNo,
    weights: [...new Set(font.childFontResource.map((child) => child.weight))].sort((a, b) => a - b),
  }));
  const asked = new URL(request.url).searchParams.get("family");
  const chosen = families.find((family) => family.name === asked) ?? families[0] ?? null;
  return { families, chosen };
}

export default function WebFontsPage() {
  const { families, chosen } = useLoaderData<typeof loader>();
  const root = useRootData();
  const base = root?.env.subsetBase || root?.origin || "";
  const css = chosen ? `${base}${webFontCssPath([{ name: chosen.name, weights: chosen.weights }])}` : "";
  const textCss = chosen
    ? `${base}${webFontCssPath([{ name: chosen.name }])}&text=${encodeURIComponent("新年快乐")}`
    : "";
  return (
    <article className="web-fonts-page prose">
      <h1>使用网页字体</h1>
      <p>
        本站字体库里的每一款字体都可以直接用在你自己的网页上：在页面里加一行 <code>&lt;link&gt;</code>
        ，浏览器就会从本站的字体服务加载字体。接口的写法与 Google Fonts 的 CSS2 接口一致，中文名和英文名都可以。
      </p>
      <p>
        不带 <code>text</code> 参数时，整套字体按字频切成几十个分片，每片用 <code>unicode-range</code>{" "}
        声明：浏览器只下载页面上实际出现的字所在的分片，常用字集中在前几片，一篇普通文章通常只需下载几个文件。带上{" "}
        <code>text</code> 参数时，只生成恰好包含这些字的子集，适合标题、Logo 这类固定文字。
      </p>

      {chosen ? (
        <>
          <h2 id="choose">选择字体</h2>
          <Form method="get" action="/web-fonts#choose" className="web-fonts-page__choose">
            <label htmlFor="web-font-family">字体家族</label>{" "}
            <select id="web-font-family" name="family" defaultValue={chosen.name}>
              {families.map((family) => (
                <option key={family.fontGNo} value={family.name}>
                  {family.name}（{family.nameEn}）
                </option>
              ))}
            </select>{" "}
            <button type="submit" className="btn btn--sm btn--primary">
              生成代码
            </button>
          </Form>
          <p>
            <Link to={fontHref(chosen.fontGNo)}>{chosen.name}</Link> 共 {chosen.weights.length} 个字重：
            {chosen.weights.join("、")}。
          </p>

          <h2>在 HTML 中引用</h2>
          <p>
            放进 <code>&lt;head&gt;</code>：
          </p>
          <CopyableText label="link 引用代码" text={`<link rel="stylesheet" href="${css}">`} />
          <h2>在 CSS 中引用</h2>
          <p>写在样式表的最前面：</p>
          <CopyableText label="@import 引用代码" text={`@import url("${css}");`} />
          <h2>使用字体</h2>
          <CopyableText
            label="font-family 写法"
            text={`body {\n  font-family: "${chosen.name}", sans-serif;\n  font-weight: ${chosen.weights.includes(400) ? 400 : chosen.weights[0]};\n}`}
          />
          <h2>只加载用到的字</h2>
          <p>
            标题、Logo 等固定文字，加上 <code>text=</code>（URL 编码后的文字），得到的字体只含这些字：
          </p>
          <CopyableText label="text 子集引用代码" text={`<link rel="stylesheet" href="${textCss}">`} />
        </>
      ) : (
        <p>字体库暂时无法读取，请稍后刷新。</p>
      )}

      <h2>参数</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">参数</th>
            <th scope="col">说明</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>family</code>
            </td>
            <td>
              字体家族的中文名或英文名（空格可写作 <code>+</code>），可加字重：<code>思源黑体:wght@400;700</code> 或范围{" "}
              <code>wght@100..900</code>；不写字重时取该家族的默认字重。可重复，一次最多 {WEB_FONT_LIMITS.maxFamilies}{" "}
              个。
            </td>
          </tr>
          <tr>
            <td>
              <code>display</code>
            </td>
            <td>
              <code>font-display</code> 的取值：{FONT_DISPLAY_VALUES.join("、")}，默认 swap。
            </td>
          </tr>
          <tr>
            <td>
              <code>text</code>
            </td>
            <td>只生成包含这些字的子集（去重后最多 {WEB_FONT_LIMITS.maxTextCharacters} 个字）。</td>
          </tr>
        </tbody>
      </table>

      <h2>缓存与限制</h2>
      <ul>
        <li>字体文件的地址按内容命名、永不改变，可被浏览器和 CDN 缓存一年，并允许任何网站跨域加载。</li>
        <li>样式表本身缓存一天：字体更新后，新的样式表会指向新的文件。</li>
        <li>未知的字体或字重会得到 400 和中文说明，例如「思源黑体」没有 950 字重时会列出可用的字重。</li>
        <li>
          字体服务按访问者限制频率；流量很大的网站请下载字体自行托管（字体页的「下载字体」里有 WOFF2 文件和现成的{" "}
          <code>@font-face</code>）。
        </li>
      </ul>

      <h2>授权</h2>
      <p>
        字体库中的字体都以 SIL Open Font License 1.1
        授权，可免费用于商业网页；使用前请在字体页的「授权」部分阅读该字体的授权文本，另见
        <Link to="/agreement/font">字体授权协议</Link>。
      </p>
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
