import { useRouteError } from "@remix-run/react";
import { ErrorPage, describeError } from "~/components/ui/error-page";

/** A variable font page's error boundary: 404 for an unknown font, the message of a refusal, never internals. */
export function VariableErrorBoundary() {
  const { status, message } = describeError(useRouteError());
  return <ErrorPage status={status} message={status >= 500 ? "服务暂时不可用，请稍后刷新重试" : message} />;
}
