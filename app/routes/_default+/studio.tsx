import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { StudioExport } from "~/components/studio/studio-export";
import { StudioForm } from "~/components/studio/studio-form";
import { StudioPreview, type StudioPicture } from "~/components/studio/studio-preview";
import studioStylesHref from "~/styles/studio.css?url";
import { useHydrated } from "~/utils/misc";
import { parseStudioDesign, studioSearch } from "~/utils/studio/studio-design";
import type { loader } from "./studio.server";
import type { StudioCheck } from "~/utils/studio/studio.server";

export { loader } from "./studio.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: studioStylesHref }];

export const meta: MetaFunction = () => [
  { title: "标题工坊：封面标题与花字导出 - 短视频字体" },
  {
    name: "description",
    content:
      "用目录里的字体做短视频封面标题和花字：描边、双描边、阴影、渐变、底条，画出抖音、快手、视频号、小红书和 B站的遮挡区域，导出 1080×1920 PNG 与轮廓 SVG。",
  },
];

/** What /studio/check answers, with the design's query it was asked for. */
type CheckAnswer = { search: string; check?: StudioCheck; covering?: number[]; message?: string };

/** Time to wait after a keystroke before asking where the title lands: the image itself follows at once. */
const CHECK_DEBOUNCE_MS = 150;

export default function StudioPage() {
  const data = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const [checked, setChecked] = useState<CheckAnswer | null>(null);
  const checking = useRef<AbortController>();
  const [live, setLive] = useState({ search: data.search, design: data.design, errors: data.errors });
  const [picker, setPicker] = useState({ q: data.q, fit: data.fit });
  const [picture, setPicture] = useState<StudioPicture | null>(null);
  const checkTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(
    () => () => {
      clearTimeout(checkTimer.current);
      checking.current?.abort();
    },
    [],
  );

  /** Where the title lands for `search`, asked of /studio/check; a newer question cancels the older one. */
  async function check(search: string) {
    checking.current?.abort();
    const controller = new AbortController();
    checking.current = controller;
    try {
      const response = await fetch(`/studio/check${search}`, { signal: controller.signal });
      const answer = (await response.json()) as CheckAnswer;
      if (!controller.signal.aborted) setChecked({ ...answer, search });
    } catch {
      if (!controller.signal.aborted) setChecked({ search, message: "暂时无法检查标题位置，预览仍然有效。" });
    }
  }
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.url) : undefined), [picture]);

  /** With JavaScript every change of the form redraws the preview and keeps the address in step, without a page load. */
  function onFormChange(form: HTMLFormElement) {
    const formData = new FormData(form);
    const q = String(formData.get("q") ?? "").trim();
    const fit = formData.get("fit") === "1";
    setPicker({ q, fit });
    const parsed = parseStudioDesign(formData);
    if (!parsed.ok) {
      setLive((previous) => ({ ...previous, errors: parsed.errors }));
      return;
    }
    const design = { ...parsed.design, font: parsed.design.font ?? data.font?.gno };
    const search = studioSearch(design);
    const extra = new URLSearchParams(search);
    if (q) extra.set("q", q);
    if (fit) extra.set("fit", "1");
    const address = `/studio${extra.size > 0 ? `?${extra}` : ""}`;
    window.history.replaceState(window.history.state, "", address);
    setLive({ search, design, errors: {} });
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => void check(search), CHECK_DEBOUNCE_MS);
  }

  const fetched = checked?.search === live.search ? checked : null;
  const checkMessage = fetched?.message ?? null;
  const warnings = fetched?.check?.warnings ?? (live.search === data.search ? (data.check?.warnings ?? []) : []);
  const covering = fetched?.covering ?? data.covering;
  const font = data.fonts.find((candidate) => candidate.gno === live.design?.font) ?? data.font;
  const errors = live.errors;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <div className="container studio-page">
      <header className="page-head">
        <h1 className="page-head__title">标题工坊</h1>
        <p className="page-head__lead">
          选一款字体、写下封面标题，加上描边、阴影或底条，对照各平台按钮和文案的遮挡区域摆好位置，导出与画幅同尺寸的 PNG
          或文字已转为轮廓的 SVG，直接拖进剪映或 Premiere。要看整份字幕能不能用同一款字体显示，请用
          <Link to="/subtitles">字幕检查</Link>。
        </p>
      </header>

      {hasErrors ? (
        <div className="notice notice--error" role="alert">
          <p>有些设置不正确，预览和导出暂停，改正后继续：</p>
          <ul>
            {Object.entries(errors).map(([name, message]) => (
              <li key={name}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="studio-layout">
        <StudioPreview
          search={hasErrors ? "" : live.search}
          design={live.design}
          picture={picture}
          warnings={warnings}
          checkError={checkMessage ?? (live.search === data.search ? data.checkError : null)}
        />
        <div className="studio-side">
          <StudioForm
            values={data.values}
            errors={errors}
            fonts={data.fonts}
            selected={font?.gno ?? null}
            picker={picker}
            covering={covering}
            hydrated={hydrated}
            onChange={onFormChange}
          />
          {live.design && font && !hasErrors ? (
            <StudioExport
              search={live.search}
              design={live.design}
              font={font}
              hydrated={hydrated}
              picture={picture}
              onPicture={setPicture}
            />
          ) : null}
        </div>
      </div>

      <section id="safe-area-notes" className="studio-notes" aria-labelledby="safe-area-notes-title">
        <h2 id="safe-area-notes-title">安全区说明</h2>
        <p>
          虚线框是各平台播放全屏视频时，自己的按钮、文案和导航栏会盖住的地方，按画面的比例画出：抖音、快手和 B站
          是顶部约 10%、右侧约 15% 宽的按钮列和底部约 20%；视频号和小红书没有右侧按钮列，底部分别约 25% 和
          20%。数字取整到画面的 5%，因为各平台的版本、手机屏幕比例和文案长短都会让它们移动，更精细的数字并不可信；
          这些区域不是在手机上逐像素测量的结果，各平台的广告投放后台（巨量引擎、磁力引擎、腾讯广告、小红书聚光、B站花火）也没有找到公开的带像素数值的安全区规范，所以它们是估计值；依据和重新测量的方法记在项目文档
          docs/studio-safe-areas.md 里。横屏 16:9 只有 B站播放器会在画面内叠加标题栏和进度条；3:4
          竖图的封面在小红书信息流中完整显示，不画遮挡区域。
        </p>
      </section>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };
