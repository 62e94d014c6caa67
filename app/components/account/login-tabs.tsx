import type { AuthView } from "./auth-view";
import { ViewTabs } from "./auth-form-parts";

/** The ways to log in; WeChat is left out where it is not configured. */
export function LoginTabs({
  active,
  redirectTo,
  onSwitch,
  wechat = true,
}: {
  active: AuthView;
  redirectTo?: string;
  onSwitch?: (view: AuthView) => void;
  wechat?: boolean;
}) {
  const tabs: Array<[AuthView, string]> = [
    ...(wechat ? ([["wechat", "微信登录"]] as Array<[AuthView, string]>) : []),
    ["password", "密码登录"],
    ["code", "验证码登录"],
  ];
  return <ViewTabs label="登录方式" tabs={tabs} active={active} redirectTo={redirectTo} onSwitch={onSwitch} />;
}
