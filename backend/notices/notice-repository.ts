import { sql } from "kysely";
import type { Notice, NoticeType, UnreadNoticeCount } from "../../contract/notices.js";
import type { NoticeDb, NoticeTable } from "./tables.js";

export type NewNotice = { type: NoticeType; title: string; content: string };

type NoticeRow = {
  id: number;
  type: NoticeType;
  title: string;
  content: string;
  created_at: Date;
  read_at: Date | null;
};

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    read: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = ["id", "type", "title", "content", "created_at", "read_at"] as const satisfies Array<keyof NoticeTable>;

export async function insertNotice(db: NoticeDb, userId: number, notice: NewNotice, now: Date): Promise<number> {
  const { id } = await db
    .insertInto("notice")
    .values({ user_id: userId, ...notice, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** One notice for every user there is now; answers how many were written. */
export async function insertNoticeForEveryone(db: NoticeDb, notice: NewNotice, now: Date): Promise<number> {
  const result = await db
    .insertInto("notice")
    .columns(["user_id", "type", "title", "content", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("app_user")
        .select((inner) => [
          "app_user.id",
          inner.val(notice.type).as("type"),
          inner.val(notice.title).as("title"),
          inner.val(notice.content).as("content"),
          inner.val(now).as("created_at"),
        ]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function listUserNotices(
  db: NoticeDb,
  userId: number,
  filter: { types?: readonly NoticeType[]; unreadFirst: boolean },
  page: { limit: number; offset: number },
): Promise<{ records: Notice[]; total: number }> {
  let query = db.selectFrom("notice").where("user_id", "=", userId);
  if (filter.types) query = query.where("type", "in", filter.types);
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .$if(filter.unreadFirst, (q) => q.orderBy(sql`read_at is null`, "desc"))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(toNotice), total: Number(count.total) };
}

export async function countUnread(db: NoticeDb, userId: number): Promise<UnreadNoticeCount> {
  const rows = await db
    .selectFrom("notice")
    .select((eb) => ["type", eb.fn.countAll<string | number>().as("unread")])
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .groupBy("type")
    .execute();
  const byType = { system: 0, security: 0, reply: 0 };
  for (const row of rows) byType[row.type] = Number(row.unread);
  return { total: byType.system + byType.security + byType.reply, byType };
}

/** Marks the user's notice read (the first time only) and answers it; undefined when it is not theirs. */
export async function markRead(db: NoticeDb, userId: number, id: number, now: Date): Promise<Notice | undefined> {
  const row = await db
    .updateTable("notice")
    .set((eb) => ({ read_at: eb.fn.coalesce("read_at", eb.val(now)) }))
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toNotice(row) : undefined;
}

/** The user agents of every session the user has had (ended ones too). */
export async function userAgentsOf(db: NoticeDb, userId: number): Promise<Array<string | null>> {
  const rows = await db.selectFrom("user_session").select("user_agent").where("user_id", "=", userId).execute();
  return rows.map((row) => row.user_agent);
}
