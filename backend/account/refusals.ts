import { refused } from "./errors.js";
import type { AccountKind } from "./validation.js";

export const ACCOUNT_KIND_NAMES: Record<AccountKind, string> = { phone: "手机号", email: "邮箱" };

export function alreadyRegistered(kind: AccountKind) {
  return refused(`该${ACCOUNT_KIND_NAMES[kind]}已注册，请直接登录`);
}

export function alreadyBound(kind: AccountKind, toCurrentUser: boolean) {
  return refused(`该${ACCOUNT_KIND_NAMES[kind]}${toCurrentUser ? "已绑定当前账号" : "已被其他账号绑定"}`);
}
