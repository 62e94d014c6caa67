import { randomInt } from "node:crypto";
import type { UserRow } from "./tables.js";

export type { UserRow } from "./tables.js";

export const AVATAR_ROUTE = "/web/api/account/avatar";

/** What the API shows of a user, to that user only. */
export type UserView = {
  id: number;
  nickname: string;
  avatar: string | null;
  gender: number;
  /** `YYYY-MM-DD` exactly as saved: a calendar date, never converted through a time zone. */
  birthday: string | null;
  bio: string;
  /** Same as bio (the profile form calls it 个性签名). */
  signature: string;
  city: string;
  phone: string | null;
  email: string | null;
  wechatBound: boolean;
  wechatNickname: string | null;
  hasPassword: boolean;
  createdAt: string;
};

export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar ? `${AVATAR_ROUTE}/${user.avatar}` : null,
    gender: user.gender,
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
