import { ViewLink, type AuthView } from "./auth-view";

/** What /account/wechat's loader gives the page and the modal. */
export type WechatView = {
  configured: boolean;
  state: string | null;
  frameUrl: string | null;
  /** False in tests: the external frame cannot load there, a placeholder is shown instead. */
  embed: boolean;
  redirectTo: string;
  message: string | null;
};

export function WechatPanel({ view, onSwitch }: { view: WechatView; onSwitch?: (view: AuthView) => void }) {
  if (!view.configured || !view.frameUrl) {
    return (
      <div className="wechat-panel wechat-panel--off" data-wechat="off">
        <p className="notice" role="status">
          {view.message || "未配置微信登录"}：本站暂未开通微信扫码登录，请使用其他方式登录。
        </p>
        <div className="wechat-panel__alts">
          {(["password", "code", "register-phone"] as AuthView[]).map((alt) => (
            <ViewLink
              key={alt}
              view={alt}
              redirectTo={view.redirectTo}
              onSwitch={onSwitch}
              className="btn btn--ghost btn--sm"
            >
              {alt === "password" ? "密码登录" : alt === "code" ? "验证码登录" : "注册账号"}
            </ViewLink>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="wechat-panel" data-wechat="on" data-wechat-state={view.state ?? undefined}>
      {view.embed ? (
        <iframe
          className="wechat-panel__frame"
          src={view.frameUrl}
          title="微信扫码登录"
          loading="lazy"
          width={300}
          height={400}
          sandbox="allow-scripts allow-top-navigation allow-same-origin"
        />
      ) : (
        <div className="wechat-panel__placeholder" aria-label="微信二维码">
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9.5 4C5.4 4 2 6.8 2 10.3c0 2 1.1 3.7 2.9 4.9L4.2 17.5l2.6-1.4c.8.2 1.7.4 2.7.4h.6a5.6 5.6 0 0 1-.2-1.5c0-3.4 3.2-6.1 7.2-6.1h.6C17 6 13.6 4 9.5 4Zm-2.6 3.4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.2 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM17 10c-3.3 0-6 2.2-6 5s2.7 5 6 5c.7 0 1.4-.1 2-.3l2 1.1-.5-1.9C21.7 17.9 23 16.6 23 15c0-2.8-2.7-5-6-5Zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z"
            />
          </svg>
          <span>二维码由微信提供</span>
        </div>
      )}
      <p className="wechat-panel__hint">请使用微信扫描二维码登录</p>
      <a className="wechat-panel__open" href={view.frameUrl} rel="noopener noreferrer">
        二维码无法显示？在微信开放平台页面扫码
      </a>
    </div>
  );
}
