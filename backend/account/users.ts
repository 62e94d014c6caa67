import { randomInt } from "node:crypto";
import type { UserView } from "../../contract/account.js";
import type { Gender } from "../../contract/fields.js";
import type { UserRow } from "./tables.js";

export type { UserRow } from "./tables.js";
export type { UserView };

export const AVATAR_ROUTE = "/web/api/account/avatar";

export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar ? `${AVATAR_ROUTE}/${user.avatar}` : null,
    // The column's check constraint allows 0, 1 and 2 only.
    gender: user.gender as Gender,
    birthday: user.birthday,
    bio: user.bio,
    signature: user.bio,
    city: user.city,
    phone: user.phone,
    email: user.email,
    wechatBound: Boolean(user.wechat_openid || user.wechat_unionid),
    wechatNickname: user.wechat_nickname,
    hasPassword: Boolean(user.password_hash),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

/** Ways in a user has: phone (code login), e-mail (password or reset), WeChat. */
export function waysIn(user: UserRow): number {
  return [user.phone, user.email, user.wechat_openid || user.wechat_unionid].filter(Boolean).length;
}

export function defaultNickname(): string {
  return `用户${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}
