import { useLocation } from "@remix-run/react";
import { useRootData } from "~/utils/root-data";
import { CopyableText } from "./copyable-text";

/**
 * 分享: the page's address to copy and its QR code for WeChat, made on this server. A `<details>`, so
 * that without JavaScript it opens and shows both; with it the address is copied with one click.
 */
export function ShareControl({ path, title }: { path: string; title: string }) {
  const origin = useRootData()?.origin ?? "";
  const url = `${origin}${path}`;
  // `?share=1` opens it, so a link can lead straight to the code (and the layout checks see it open).
  const opened = new URLSearchParams(useLocation().search).get("share") === "1";
  return (
    <details className="share" open={opened || undefined}>
      <summary className="btn btn--ghost btn--sm" aria-label={`分享「${title}」`}>
        分享
      </summary>
      <div className="share__panel">
        <h2>分享「{title}」</h2>
        <CopyableText text={url} label="页面链接" buttonLabel="复制链接" multiline={false} />
        <img
          className="share__qr"
          src={`/resources/qr?path=${encodeURIComponent(path)}`}
          alt={`「${title}」页面的二维码`}
          width={160}
          height={160}
          loading="lazy"
        />
        <p className="share__hint">微信扫一扫，在手机上打开或发给好友</p>
      </div>
    </details>
  );
}
