import type { AccountDb } from "./tables.js";

export async function insertResetTicket(
  db: AccountDb,
  ticket: { userId: number; ticketHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("password_reset_ticket")
    .values({
      user_id: ticket.userId,
      ticket_hash: ticket.ticketHash,
      created_at: ticket.createdAt,
      expires_at: ticket.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Uses the unused, unexpired ticket with this hash; the id of its user, or undefined. */
export async function spendResetTicket(db: AccountDb, ticketHash: string, now: Date): Promise<number | undefined> {
  const ticket = await db
    .updateTable("password_reset_ticket")
    .set({ used_at: now })
    .where("ticket_hash", "=", ticketHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return ticket?.user_id;
}

/** Retires every other unused ticket of the user. */
export async function spendUserResetTickets(db: AccountDb, userId: number, now: Date): Promise<void> {
  await db
    .updateTable("password_reset_ticket")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
