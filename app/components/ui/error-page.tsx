import { Link, isRouteErrorResponse, useLocation } from "@remix-run/react";
import { useStaticUrl } from "~/utils/root-data";

export const NOT_FOUND_TEXT = "This page could not be found";

export type ErrorPageProps = {
  status: number;
  message?: string | null;
};

/** The error page: 404 'This page could not be found' (with Chinese text), else status and message. */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const asset = useStaticUrl();
  const location = useLocation();
  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <img src={asset("/images/not-found.svg")} alt="" width="280" height="210" className="error-page__art" />
        <p className="error-page__status">404</p>
        <h1 id="error-title" className="error-page__title">
          {NOT_FOUND_TEXT}
        </h1>
        <p className="error-page__text">页面不存在，可能已被删除或地址有误。</p>
        <div className="error-page__actions">
          <Link to="/" className="btn btn--accent">
            返回首页
          </Link>
          <Link to="/font" className="btn btn--ghost">
            去逛逛字体
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <img src={asset("/images/empty.svg")} alt="" width="240" height="180" className="error-page__art" />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title" className="error-page__title">
        {message || "服务器错误，请联系管理员"}
      </h1>
      <p className="error-page__text">出错了，请稍后重试。</p>
      <div className="error-page__actions">
        <Link to="/" className="btn btn--accent">
          返回首页
        </Link>
        <a href={`${location.pathname}${location.search}`} className="btn btn--ghost">
          刷新页面
        </a>
      </div>
    </section>
  );
}

/** Status and message of whatever was thrown (status from statusCode/status, default 500). */
export function describeError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const payload = error.data as unknown;
    const message =
      typeof payload === "string"
        ? payload
        : payload && typeof payload === "object" && "message" in payload && typeof payload.message === "string"
          ? payload.message
          : error.statusText || null;
    return { status: error.status || 500, message };
  }
  if (error && typeof error === "object") {
    const record = error as {
      statusCode?: unknown;
      status?: unknown;
      response?: { status?: unknown };
      message?: unknown;
    };
    const status = [record.statusCode, record.status, record.response?.status].find(
      (value): value is number => typeof value === "number" && value >= 400 && value < 600,
    );
    return { status: status ?? 500, message: typeof record.message === "string" ? record.message : null };
  }
  return { status: 500, message: null };
}
