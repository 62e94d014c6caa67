import type { ColumnType, Generated, Kysely } from "kysely";
import type { NoticeType } from "../../contract/notices.js";
import type { AnyDatabase } from "../db/schema.js";

/** Written as Date or ISO string (or left to the database's `now()`), always read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface NoticeTable {
  id: Generated<number>;
  /** app_user.id; the messages go when the user does. */
  user_id: number;
  type: NoticeType;
  title: string;
  content: string;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The contact message board's columns this module reads and writes (migration 310). */
export interface RepliedMessageTable {
  id: Generated<number>;
  name: string;
  content: string;
  user_id: number | null;
  reply: string | null;
  replied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** A user's devices, as far as this module needs them: which browsers they signed in from. */
export interface SessionDeviceTable {
  id: Generated<number>;
  user_id: number;
  user_agent: string | null;
}

export interface NoticeUserTable {
  id: Generated<number>;
  nickname: string;
}

/** The notice module's table (migration 310) and the columns it reads of others'. */
export type NoticeTables = {
  notice: NoticeTable;
  message_board: RepliedMessageTable;
  user_session: SessionDeviceTable;
  app_user: NoticeUserTable;
};

export type NoticeDb = Kysely<NoticeTables>;

export function noticeDb(db: AnyDatabase): NoticeDb {
  return db.withTables<NoticeTables>() as unknown as NoticeDb;
}
