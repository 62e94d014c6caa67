import { randomInt } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import type { AccountKind } from "./validation.js";
import type { AccountDb, AppUserTable } from "./tables.js";

export type UserRow = Selectable<AppUserTable>;

export const AVATAR_ROUTE = "/web/api/account/avatar";

/** What the API shows of a user, to that user only. */
export type UserView = {
  id: number;
  nickname: string;
  avatar: string | null;
  gender: number;
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

export async function findUserById(db: AccountDb, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findUserByAccount(db: AccountDb, kind: AccountKind, value: string): Promise<UserRow | undefined> {
  return db.selectFrom("app_user").selectAll().where(kind, "=", value).executeTakeFirst();
}

/** Ways in a user has: phone (code login), e-mail (password or reset), WeChat. */
export function waysIn(user: UserRow): number {
  return [user.phone, user.email, user.wechat_openid || user.wechat_unionid].filter(Boolean).length;
}

export function defaultNickname(): string {
  return `用户${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

export type NewUser = Partial<
  Pick<Insertable<AppUserTable>, "phone" | "email" | "password_hash" | "nickname" | "wechat_openid" | "wechat_unionid" | "wechat_nickname">
>;

/**
 * Creates a user from the columns given; the others start empty and the nickname defaults to
 * `defaultNickname()`. A taken phone, e-mail or WeChat id rejects with a unique violation.
 */
export function insertUser(db: AccountDb, user: NewUser, now: Date): Promise<UserRow> {
  return db
    .insertInto("app_user")
    .values({
      phone: null,
      email: null,
      password_hash: null,
      birthday: null,
      avatar: null,
      wechat_openid: null,
      wechat_unionid: null,
      wechat_nickname: null,
      ...user,
      nickname: user.nickname ?? defaultNickname(),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True for PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}
