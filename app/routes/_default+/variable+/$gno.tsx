import { VARIABLE_GNO_PATTERN } from "@contract/variable";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { PreviewControls } from "~/components/variable/preview-controls";
import { useLiveFaces } from "~/components/variable/use-live-faces";
import { VariableErrorBoundary } from "~/components/variable/variable-error";
import { VariableFaces } from "~/components/variable/variable-faces";
import { hrefWith, previewQuery } from "~/components/variable/variable-query";
import { FACES_PARAM } from "~/utils/live-faces";
import { VariableSpecimen } from "~/components/variable/variable-specimen";
import { axisLabel, axisValuesFrom, startValues, type AxisValues } from "~/components/variable/variation";
import { findVariableFont, loadVariableFaces } from "~/services/variable.server";
import variableStylesHref from "~/styles/variable.css?url";
import { notFound, throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: variableStylesHref }];

const pageMeta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.font) return [{ title: "页面不存在 - 短视频字体" }];
  return [
    { title: `${data.font.nameZh}（${data.font.familyName}）- 可变字体在线预览 - 短视频字体` },
    { name: "description", content: data.font.description },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const gno = params.gno ?? "";
  if (!VARIABLE_GNO_PATTERN.test(gno)) throw notFound();
  const caller = { request, context };
  const url = new URL(request.url);
  const { text, size } = previewQuery(url.searchParams);
  const font = await findVariableFont(caller, gno).catch(throwApiError);
  const faces = await loadVariableFaces(caller, [{ gno, text: text || font.sampleText }]);
  if (url.searchParams.get(FACES_PARAM) === "1") return { faces, font, text, size, values: {}, origin: "" };
  return {
    faces,
    font,
    text,
    size,
    values: axisValuesFrom(url.searchParams, font.axes, "", startValues(font)),
    origin: url.origin,
  };
}

export default function VariableFontRoute() {
  const { pathname, search } = useLocation();
  return <VariableFontPage key={`${pathname}${search}`} />;
}

function VariableFontPage() {
  const data = useLoaderData<typeof loader>();
  const { font, origin } = data;
  const { pathname } = useLocation();
  const { text, changeText, faces, loading } = useLiveFaces({ text: data.text, faces: data.faces });
  const [size, setSize] = useState(data.size);
  const [values, setValues] = useState<AxisValues>(data.values);
  const face = faces[font.gno];

  return (
    <div className="variable-page variable-detail">
      <VariableFaces faces={face ? [{ face, axes: font.axes }] : []} />
      <nav className="variable-breadcrumb" aria-label="位置">
        <Link to="/variable">可变字体</Link> / <Link to="/variable/list">全部</Link> / <span>{font.nameZh}</span>
      </nav>
      <header className="variable-intro variable-intro--compact">
        <h1>{font.nameZh}</h1>
        <p>{font.description}</p>
      </header>

      <Form method="get" action={pathname} className="variable-form" aria-label="字体编辑器">
        <PreviewControls
          text={text}
          placeholder={`输入任意文字，例如：${font.sampleText}`}
          size={size}
          onTextChange={changeText}
          onSizeChange={setSize}
          loading={loading}
        />
        <VariableSpecimen
          font={font}
          face={face}
          text={text.trim() || font.sampleText}
          size={size}
          values={values}
          onValuesChange={setValues}
          hrefFor={(next) => hrefWith(pathname, { text: text.trim(), px: size, ...next })}
          origin={origin}
          actions={
            <button type="submit" className="btn btn--sm btn--primary">
              应用
            </button>
          }
        />
      </Form>

      <section className="variable-info" aria-labelledby="variable-info-title">
        <h2 id="variable-info-title">字体信息</h2>
        <dl>
          <dt>英文名</dt>
          <dd>{font.familyName}</dd>
          <dt>设计轴</dt>
          <dd>
            <ul className="variable-info__axes">
              {font.axes.map((axis) => (
                <li key={axis.tag}>
                  {axisLabel(axis)} <code>{axis.tag}</code>：{axis.min}–{axis.max}，默认 {axis.default}
                  {axis.hidden ? "（参数轴）" : ""}
                </li>
              ))}
            </ul>
          </dd>
          <dt>命名实例</dt>
          <dd>{font.instances.length > 0 ? `${font.instances.length} 个` : "无"}</dd>
          <dt>字符</dt>
          <dd>
            {font.codepointCount} 个码位，分 {font.sliceCount} 个 unicode-range 切片；子集只含你的文字所在的切片
          </dd>
          {font.version ? (
            <>
              <dt>版本</dt>
              <dd>{font.version}</dd>
            </>
          ) : null}
          {font.designer ? (
            <>
              <dt>设计师</dt>
              <dd>{font.designer}</dd>
            </>
          ) : null}
          {font.copyright ? (
            <>
              <dt>版权</dt>
              <dd>{font.copyright}</dd>
            </>
          ) : null}
          <dt>授权</dt>
          <dd>
            {font.license.name}（{font.license.commercialLabel}）
            <br />
            <small>{font.license.commercialSource}</small>
          </dd>
        </dl>
      </section>
    </div>
  );
}

export { VariableErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
