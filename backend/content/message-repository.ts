import type { ContentDb } from "./tables.js";

export type NewMessage = {
  name: string;
  phone: string | null;
  email: string | null;
  content: string;
  ip: string | null;
  userAgent: string | null;
  /** The signed-in user who left it, if any. */
  userId: number | null;
};

/** Stores a message left on the contact page; answers its id. */
export async function saveMessage(db: ContentDb, message: NewMessage): Promise<number> {
  const { id } = await db
    .insertInto("message_board")
    .values({
      name: message.name,
      phone: message.phone,
      email: message.email,
      content: message.content,
      ip: message.ip,
      user_agent: message.userAgent,
      user_id: message.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
