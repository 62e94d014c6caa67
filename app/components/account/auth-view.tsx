import { Link, type Form as RemixForm, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AccountFormResult } from "~/services/account/account-forms";

/** Every account view, as a page URL and as a modal mode. */
export type AuthView =
  "wechat" | "password" | "code" | "register-phone" | "register-email" | "forget-email" | "forget-phone";

export function viewHref(view: AuthView, redirectTo?: string | null): string {
  const params = new URLSearchParams();
  let path: string;
  switch (view) {
    case "wechat":
      path = "/account/wechat";
      break;
    case "password":
    case "code":
      path = "/account/login";
      params.set("mode", view);
      break;
    case "register-phone":
    case "register-email":
      path = "/account/register";
      params.set("by", view === "register-phone" ? "phone" : "email");
      break;
    default:
      path = "/account/forget";
      params.set("by", view === "forget-phone" ? "phone" : "email");
  }
  if (redirectTo && redirectTo !== "/") params.set("redirect", redirectTo);
  return `${path}?${params}`;
}

/** Remix <Form> or a fetcher's <fetcher.Form>. */
export type FormComponent = typeof RemixForm | FetcherWithComponents<unknown>["Form"];

/** What every account form takes, on its page and in the modal. */
export type AuthFormProps = {
  Form: FormComponent;
  result?: AccountFormResult | null;
  redirectTo?: string;
  busy?: boolean;
  /** In the modal: switch views in place instead of following the link. */
  onSwitch?: (view: AuthView) => void;
};

/** A link to another form view: a page navigation without JS, `onSwitch` (the modal) with it. */
export function ViewLink({
  view,
  redirectTo,
  onSwitch,
  className,
  children,
}: {
  view: AuthView;
  redirectTo?: string;
  onSwitch?: (view: AuthView) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={viewHref(view, redirectTo)}
      className={className}
      onClick={
        onSwitch
          ? (event) => {
              event.preventDefault();
              onSwitch(view);
            }
          : undefined
      }
    >
      {children}
    </Link>
  );
}
