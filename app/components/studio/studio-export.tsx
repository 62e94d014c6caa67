import { STUDIO_FRAMES, type StudioDesign } from "@contract/studio";
import { useState } from "react";
import { AvatarCropper } from "~/components/user/avatar-cropper";
import type { StudioFont } from "~/utils/studio/studio.server";
import type { StudioPicture } from "./studio-preview";

type Props = {
  search: string;
  design: StudioDesign;
  font: StudioFont;
  hydrated: boolean;
  picture: StudioPicture | null;
  onPicture: (picture: StudioPicture | null) => void;
};

const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * Downloads made on the server: the PNG at the frame's exact size and the SVG whose text is outlines,
 * as links to the design's own address; with a background picture, the PNG over it. Without
 * JavaScript the picture goes up with a form; with it, the picture is cropped to the frame in the
 * browser and sent with the design when the PNG is downloaded. The font's license is stated here.
 */
export function StudioExport({ search, design, font, hydrated, picture, onPicture }: Props) {
  const frame = STUDIO_FRAMES[design.frame];
  const [cropping, setCropping] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const href = (format: "png" | "svg") => `/studio/export${search}${search ? "&" : "?"}format=${format}`;
  const license = font.license;

  async function downloadOverPicture(chosen: StudioPicture) {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      for (const [name, value] of new URLSearchParams(search)) body.append(name, value);
      body.append("background", new File([chosen.blob], "background.jpg", { type: chosen.blob.type || "image/jpeg" }));
      const response = await fetch("/studio/export", {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { message?: string } | null;
        setError(answer?.message ?? `导出失败（${response.status}），请稍后重试`);
        return;
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameFrom(response.headers.get("Content-Disposition")) ?? "studio.png";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError("网络错误，导出失败，请稍后重试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="studio-export card" aria-labelledby="studio-export-title">
      <h2 id="studio-export-title" className="studio-export__title">
        导出
      </h2>
      <div className="studio-export__actions">
        <a
          className="btn btn--primary"
          href={href("png")}
          download
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (!picture) return;
            event.preventDefault();
            if (!busy) void downloadOverPicture(picture);
          }}
          data-testid="studio-export-png"
        >
          {busy ? "正在合成…" : `下载 PNG（${frame.width}×${frame.height}${picture ? "，含背景图" : ""}）`}
        </a>
        <a className="btn btn--ghost" href={href("svg")} download data-testid="studio-export-svg">
          下载 SVG（文字已转轮廓）
        </a>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="studio-export__license" data-testid="studio-license">
        字体：{font.name} · 授权：{license.name} ·{" "}
        <strong className={license.commercialUse ? "studio-export__ok" : "studio-export__warn"}>
          {license.commercialLabel}
        </strong>
        （{license.commercialSource}）。导出的图片和 SVG 含有该字体的字形，使用时请遵守授权。
      </p>

      <form
        method="post"
        action="/studio/export"
        encType="multipart/form-data"
        className="studio-export__picture"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (picture) void downloadOverPicture(picture);
        }}
      >
        {[...new URLSearchParams(search)].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <label className="field__label" htmlFor="studio-background">
          背景图片（可选，只用于这次导出，不保存）
        </label>
        <input
          id="studio-background"
          type="file"
          name="background"
          accept={PICTURE_ACCEPT}
          onChange={(event) => {
            if (!hydrated) return;
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) setCropping(file);
          }}
        />
        {hydrated ? (
          picture ? (
            <p className="field__hint">
              已选好背景图片，下载 PNG 时合成在图片上。{" "}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => onPicture(null)}>
                移除背景图片
              </button>
            </p>
          ) : (
            <p className="field__hint">选择后可按画幅裁剪；JPG、PNG 或 WebP，不超过 10 MB。</p>
          )
        ) : (
          <>
            <p className="field__hint">图片会从中心按画幅裁剪；JPG、PNG 或 WebP，不超过 10 MB。</p>
            <button type="submit" className="btn btn--ghost btn--sm">
              导出带背景的 PNG
            </button>
          </>
        )}
      </form>
      {cropping ? (
        <AvatarCropper
          file={cropping}
          output={{ width: frame.width, height: frame.height }}
          title="裁剪背景图片"
          hint={`拖动图片或裁剪框选择画面，裁剪框与 ${frame.label} 同比例，滚轮可缩放。`}
          imageAlt="待裁剪的背景图片"
          onCancel={() => setCropping(null)}
          onError={(message) => {
            setCropping(null);
            setError(message);
          }}
          onConfirm={(jpeg) => {
            setCropping(null);
            onPicture({ blob: jpeg, url: URL.createObjectURL(jpeg) });
          }}
        />
      ) : null}
    </section>
  );
}

/** The UTF-8 file name of a Content-Disposition answer (`filename*=UTF-8''…`). */
function fileNameFrom(disposition: string | null): string | null {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
