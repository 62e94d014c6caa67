import type { AccountDb, WechatStatePurpose } from "./tables.js";

export async function insertWechatState(
  db: AccountDb,
  state: { state: string; userId: number | null; purpose: WechatStatePurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("wechat_state")
    .values({
      state: state.state,
      user_id: state.userId,
      purpose: state.purpose,
      created_at: state.createdAt,
      expires_at: state.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function deleteWechatStatesExpiredBefore(db: AccountDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("wechat_state").where("expires_at", "<", cutoff).execute();
}

export type IssuedWechatState = { userId: number | null; purpose: WechatStatePurpose };

/** Uses an unused, unexpired state; who it was issued to (null: a login) and what for, or undefined when none. */
export async function spendWechatState(
  db: AccountDb,
  state: string,
  now: Date,
): Promise<IssuedWechatState | undefined> {
  const row = await db
    .updateTable("wechat_state")
    .set({ used_at: now })
    .where("state", "=", state)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "purpose"])
    .executeTakeFirst();
  return row && { userId: row.user_id, purpose: row.purpose ?? (row.user_id === null ? "login" : "bind") };
}
