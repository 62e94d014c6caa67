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
export async function findUserByWechat(
  db: AccountDb,
  identity: { openid: string; unionid: string | null },
): Promise<UserRow | undefined> {
  if (identity.unionid) {
    const byUnion = await db
      .selectFrom("app_user")
      .selectAll()
      .where("wechat_unionid", "=", identity.unionid)
      .executeTakeFirst();
    if (byUnion) return byUnion;
  }
  return db.selectFrom("app_user").selectAll().where("wechat_openid", "=", identity.openid).executeTakeFirst();
}

export type NewUser = Partial<
  Pick<
    Insertable<AppUserTable>,
    "phone" | "email" | "password_hash" | "nickname" | "wechat_openid" | "wechat_unionid" | "wechat_nickname"
  >
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

export type UserChanges = Omit<Updateable<AppUserTable>, "id" | "created_at" | "updated_at" | "version">;

/** The user as read before a change: the change applies only if nobody changed the user since. */
export type UserVersion = Pick<UserRow, "id" | "version">;

/**
 * Applies `changes` to the user as of `seen`, stamps `updated_at` and raises the version; undefined
 * when another write got there first. A taken phone, e-mail or WeChat id rejects with a unique violation.
 */
export function updateUser(
  db: AccountDb,
  seen: UserVersion,
  changes: UserChanges,
  now: Date,
): Promise<UserRow | undefined> {
  return versionedUpdate(db, seen, changes, now).returningAll().executeTakeFirst();
}

/** The update of `changes` that applies only while the user is still at the version `seen`. */
function versionedUpdate(db: AccountDb, seen: UserVersion, changes: UserChanges, now: Date) {
  return db
    .updateTable("app_user")
    .set((eb) => ({ ...changes, updated_at: now, version: eb("version", "+", 1) }))
    .where("id", "=", seen.id)
    .where("version", "=", seen.version);
}

/** Sets the password whatever was written before (a reset, proven by a code sent to the owner). */
export async function setUserPassword(db: AccountDb, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable("app_user")
    .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb("version", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}

/**
 * Like updateUser for `changes` that clear a phone, e-mail or WeChat: applied only while the user
 * keeps another way in afterwards, checked in SQL. Undefined when it would not, or on a conflict.
 */
export function removeWayIn(
  db: AccountDb,
  seen: UserVersion,
  changes: UserChanges,
  now: Date,
): Promise<UserRow | undefined> {
  return versionedUpdate(db, seen, changes, now)
    .where((eb) =>
      eb(
        eb.parens(
          eb.parens(
            eb.case().when("phone", "is not", null).then(1).else(0).end(),
            "+",
            eb.case().when("email", "is not", null).then(1).else(0).end(),
          ),
          "+",
          eb
            .case()
            .when(eb.or([eb("wechat_openid", "is not", null), eb("wechat_unionid", "is not", null)]))
            .then(1)
            .else(0)
            .end(),
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
  return db
    .updateTable("app_user")
    .set((eb) => ({ ...seen, version: eb("version", "+", 1) }))
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The avatar file names among `names` that some user has. */
export async function avatarsInUse(db: AccountDb, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectFrom("app_user").select("avatar").where("avatar", "in", names).execute();
  return new Set(rows.map((row) => row.avatar).filter((name): name is string => Boolean(name)));
}

/** True for PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}
