import type { Insertable, Updateable } from "kysely";
import type { AccountDb, AppUserTable, UserRow } from "./tables.js";
import { defaultNickname } from "./users.js";
import type { AccountKind } from "./validation.js";

export async function findUserById(db: AccountDb, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findUserByAccount(db: AccountDb, kind: AccountKind, value: string): Promise<UserRow | undefined> {
  return db.selectFrom("app_user").selectAll().where(kind, "=", value).executeTakeFirst();
}

/** The user of a WeChat identity: by unionid first (stable across the open platform's apps), then by openid. */
export async function findUserByWechat(db: AccountDb, identity: { openid: string; unionid: string | null }): Promise<UserRow | undefined> {
  if (identity.unionid) {
    const byUnion = await db.selectFrom("app_user").selectAll().where("wechat_unionid", "=", identity.unionid).executeTakeFirst();
    if (byUnion) return byUnion;
  }
  return db.selectFrom("app_user").selectAll().where("wechat_openid", "=", identity.openid).executeTakeFirst();
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

export type UserChanges = Omit<Updateable<AppUserTable>, "id" | "created_at" | "updated_at">;

/** Applies `changes` and stamps `updated_at`; a taken phone, e-mail or WeChat id rejects with a unique violation. */
export function updateUser(db: AccountDb, userId: number, changes: UserChanges, now: Date): Promise<UserRow> {
  return db
    .updateTable("app_user")
    .set({ ...changes, updated_at: now })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setUserPassword(db: AccountDb, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable("app_user").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", userId).execute();
}

/**
 * Applies `changes` (clearing a phone, e-mail or WeChat) only while the user keeps another way in
 * afterwards: the guard is evaluated in SQL, so two concurrent unbinds cannot remove the last one.
 * Undefined when it would have.
 */
export function removeWayIn(db: AccountDb, userId: number, changes: UserChanges, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable("app_user")
    .set({ ...changes, updated_at: now })
    .where("id", "=", userId)
    .where((eb) =>
      eb(
        eb.parens(
          eb.parens(eb.case().when("phone", "is not", null).then(1).else(0).end(), "+", eb.case().when("email", "is not", null).then(1).else(0).end()),
          "+",
          eb.case().when(eb.or([eb("wechat_openid", "is not", null), eb("wechat_unionid", "is not", null)])).then(1).else(0).end(),
        ),
        ">",
        1,
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Keeps what a WeChat login learnt (unionid, nickname) without counting it as a profile change. */
export function recordWechatLogin(
  db: AccountDb,
  userId: number,
  seen: { wechat_unionid: string | null; wechat_nickname: string | null },
): Promise<UserRow> {
  return db.updateTable("app_user").set(seen).where("id", "=", userId).returningAll().executeTakeFirstOrThrow();
}

/** True for PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}
