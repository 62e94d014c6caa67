/** The operators' message command (cli.ts runs it; see there for how). */
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from "../../contract/notices.js";
import type { AnyDatabase } from "../db/schema.js";
import { replyToMessage, sendNotice, sendNoticeToEveryone } from "./events.js";

export const USAGE = `用法：
  npm run notify -- --all --title <标题> --content <内容>          向所有用户发送系统通知
  npm run notify -- --user <用户ID|手机号|邮箱> --title <标题> --content <内容>   向一个用户发送系统通知
  npm run notify -- --reply <留言ID> --content <回复内容>          回复一条联系留言`;

export class UsageError extends Error {}

type UserLookupTables = { app_user: { id: number; phone: string | null; email: string | null } };

async function findUserId(db: AnyDatabase, who: string): Promise<number | undefined> {
  const users = db.withTables<UserLookupTables>() as unknown as Kysely<UserLookupTables>;
  const column = /^\d{11}$/.test(who) ? "phone" : who.includes("@") ? "email" : /^\d{1,10}$/.test(who) ? "id" : null;
  if (!column) return undefined;
  const value = column === "id" ? Number(who) : column === "email" ? who.toLowerCase() : who;
  const row = await users.selectFrom("app_user").select("id").where(column, "=", value).executeTakeFirst();
  return row?.id;
}

function text(value: string | undefined, name: string, max: number): string {
  const trimmed = value?.trim() ?? "";
  if (!trimmed) throw new UsageError(`缺少 --${name}`);
  if ([...trimmed].length > max) throw new UsageError(`--${name} 最多 ${max} 个字符`);
  return trimmed;
}

/** Runs the command on `db`; answers the line to print. Throws UsageError for wrong arguments or an unknown target. */
export async function runNotifyCommand(db: AnyDatabase, args: string[], now = new Date()): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      all: { type: "boolean" },
      user: { type: "string" },
      reply: { type: "string" },
      title: { type: "string" },
      content: { type: "string" },
    },
    strict: true,
  });
  const targets = [values.all, values.user, values.reply].filter((value) => value !== undefined && value !== false);
  if (targets.length !== 1) throw new UsageError("请指定且只指定 --all、--user 或 --reply 之一");

  if (values.reply !== undefined) {
    if (!/^\d{1,10}$/.test(values.reply)) throw new UsageError("--reply 须为留言ID（正整数）");
    const content = text(values.content, "content", NOTICE_CONTENT_MAX);
    const result = await replyToMessage(db, Number(values.reply), content, now);
    if (result.outcome === "not-found") throw new UsageError(`留言 ${values.reply} 不存在`);
    return result.outcome === "sent"
      ? `已回复留言 ${values.reply}，并通知用户 ${result.userId}`
      : `已回复留言 ${values.reply}（留言者未登录，回复仅保存在留言记录中）`;
  }

  const notice = {
    type: "system" as const,
    title: text(values.title, "title", NOTICE_TITLE_MAX),
    content: text(values.content, "content", NOTICE_CONTENT_MAX),
  };
  if (values.all) {
    const count = await sendNoticeToEveryone(db, notice, now);
    return `已向 ${count} 位用户发送系统通知`;
  }
  const userId = await findUserId(db, values.user!);
  if (userId === undefined) throw new UsageError(`找不到用户 ${values.user}`);
  await sendNotice(db, userId, notice, now);
  return `已向用户 ${userId} 发送系统通知`;
}
