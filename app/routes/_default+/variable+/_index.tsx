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
import { axisValuesFrom, startValues, type AxisValues } from "~/components/variable/variation";
import { listVariableFonts, loadVariableFaces } from "~/services/variable.server";
import variableStylesHref from "~/styles/variable.css?url";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: variableStylesHref }];

const pageMeta: MetaFunction = () => [
  { title: "可变字体 - 拖动字重、字宽，实时预览 - 短视频字体" },
  {
    name: "description",
    content: "一个字体文件里连续可调的字重、字宽与倾斜：输入你的标题，拖动滑块实时预览，复制可直接使用的 CSS。",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const { text, size } = previewQuery(url.searchParams);
  const page = await listVariableFonts(caller, { current: 1, size: 50 }).catch(throwApiError);
  const fonts = page.records.filter((font) => font.featured);
  const faces = await loadVariableFaces(
    caller,
    fonts.map((font) => ({ gno: font.gno, text: text || font.sampleText })),
  );
  if (url.searchParams.get(FACES_PARAM) === "1") return { faces, fonts: [], text, size, values: {}, origin: "" };
  const values = Object.fromEntries(
    fonts.map((font) => [font.gno, axisValuesFrom(url.searchParams, font.axes, `${font.gno}.`, startValues(font))]),
  );
  return { faces, fonts, text, size, values, origin: url.origin };
}

export default function VariableFontsRoute() {
  // A submitted form brings new loader data: start over with it.
  const { search } = useLocation();
  return <VariableFontsPage key={search} />;
}

function VariableFontsPage() {
  const data = useLoaderData<typeof loader>();
  const { fonts, origin } = data;
  const { text, changeText, faces, loading } = useLiveFaces({ text: data.text, faces: data.faces });
  const [size, setSize] = useState(data.size);
  const [values, setValues] = useState<Record<string, AxisValues>>(data.values);

  const pageParams = (gno: string, next: AxisValues) => {
    const params: Record<string, string | number> = { text: text.trim(), px: size };
    for (const font of fonts) {
      const fontValues = font.gno === gno ? next : values[font.gno]!;
      for (const [tag, value] of Object.entries(fontValues)) params[`${font.gno}.${tag}`] = value;
    }
    return params;
  };

  return (
    <div className="variable-page">
      <VariableFaces
        faces={fonts.flatMap((font) => (faces[font.gno] ? [{ face: faces[font.gno]!, axes: font.axes }] : []))}
      />
      <header className="variable-intro">
        <h1>可变字体</h1>
        <p>
          普通字体每个字重都是一个单独的文件；可变字体把整条“设计轴”装进一个文件：字重可以从 100 连续调到 900，
          有的字体还能调字宽、倾斜和视觉字号。
        </p>
        <p>
          做短视频标题时，可以让同一行字由细变粗做成动画，或者为每个画面挑出恰好合适的粗细，而只需加载一个文件。
          下面输入你的标题，拖动滑块看看效果，满意后复制 CSS 即可使用本站生成的子集。
        </p>
        <p>
          <Link to="/variable/list">查看全部可变字体 →</Link>
        </p>
      </header>

      <Form method="get" action="/variable" className="variable-form" aria-label="可变字体预览设置">
        <PreviewControls
          text={text}
          placeholder="输入你的标题，例如：周末去哪儿"
          size={size}
          onTextChange={changeText}
          onSizeChange={setSize}
          loading={loading}
        />
        <div className="variable-featured">
          {fonts.map((font) => (
            <VariableSpecimen
              key={font.gno}
              font={font}
              face={faces[font.gno]}
              text={text.trim() || font.sampleText}
              size={size}
              values={values[font.gno]!}
              onValuesChange={(next) => setValues((all) => ({ ...all, [font.gno]: next }))}
              namePrefix={`${font.gno}.`}
              hrefFor={(next) => hrefWith("/variable", pageParams(font.gno, next))}
              origin={origin}
              detailHref={`/variable/${font.gno}`}
              actions={
                <button type="submit" className="btn btn--sm btn--primary">
                  应用
                </button>
              }
            />
          ))}
        </div>
      </Form>
    </div>
  );
}

export { VariableErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
