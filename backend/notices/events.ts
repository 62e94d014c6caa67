import type { AnyDatabase } from "../db/schema.js";
import { deviceName, placeOf } from "../account/devices.js";
import type { AccountEvents, SecurityChange } from "../account/index.js";
import { insertNotice, insertNoticeForEveryone, userAgentsOf, type NewNotice } from "./notice-repository.js";
import { noticeDb } from "./tables.js";

export type { NewNotice } from "./notice-repository.js";

/**
 * The messages users receive, written where the events happen: registration, a change of
 * password, e-mail, phone or WeChat, a login from a browser the account has not used before, an
 * operator's reply to a contact message, an operator's announcement (see cli.ts).
 */

const CHINA_TIME = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** `2026/11/23 15:04` in China's time. */
export function chinaTime(date: Date): string {
  return CHINA_TIME.format(date);
}

const NOT_YOU = "如果这不是你本人的操作，请立即修改密码，并在「账号设置」中退出不认识的设备。";

export async function sendNotice(
  db: AnyDatabase,
  userId: number,
  notice: NewNotice,
  now = new Date(),
): Promise<number> {
  return insertNotice(noticeDb(db), userId, notice, now);
}

/** A system notice to every registered user; answers how many received it. */
export async function sendNoticeToEveryone(db: AnyDatabase, notice: NewNotice, now = new Date()): Promise<number> {
  return insertNoticeForEveryone(noticeDb(db), notice, now);
}

export async function welcomeUser(db: AnyDatabase, userId: number, now = new Date()): Promise<void> {
  await sendNotice(
    db,
    userId,
    {
      type: "system",
      title: "欢迎加入短视频字体",
      content:
        "感谢注册！你可以收藏喜欢的字体、把字体加入对比并导出对比结果，下载过的字体会记录在「下载记录」中。完善个人资料、绑定手机或邮箱，可以让账号更安全。",
    },
    now,
  );
}

const CHANGE_TEXT: Record<SecurityChange, { title: string; done: string }> = {
  password: { title: "登录密码已修改", done: "修改了登录密码，其他设备上的登录已退出" },
  "password-reset": { title: "登录密码已重置", done: "通过找回密码重置了登录密码，所有设备上的登录已退出" },
  "bind-phone": { title: "手机号已绑定", done: "绑定了手机号" },
  "bind-email": { title: "邮箱已绑定", done: "绑定了邮箱" },
  "bind-wechat": { title: "微信已绑定", done: "绑定了微信" },
  "unbind-phone": { title: "手机号已解绑", done: "解绑了手机号" },
  "unbind-email": { title: "邮箱已解绑", done: "解绑了邮箱" },
  "unbind-wechat": { title: "微信已解绑", done: "解绑了微信" },
};

/** A security notice for a change of the account's password or ways in. */
export async function noticeSecurityChange(
  db: AnyDatabase,
  userId: number,
  change: SecurityChange,
  now = new Date(),
): Promise<void> {
  const text = CHANGE_TEXT[change];
  await sendNotice(
    db,
    userId,
    { type: "security", title: text.title, content: `你的账号于 ${chinaTime(now)} ${text.done}。${NOT_YOU}` },
    now,
  );
}

/**
 * Before a login opens its session: a security notice when the account has never been used from
 * this kind of browser and system (`Chrome · Windows`) before.
 */
export async function noticeIfNewDevice(
  db: AnyDatabase,
  userId: number,
  request: { ip?: string | null; userAgent?: string | null },
  now = new Date(),
): Promise<boolean> {
  const device = deviceName(request.userAgent);
  const known = (await userAgentsOf(noticeDb(db), userId)).some((userAgent) => deviceName(userAgent) === device);
  if (known) return false;
  await sendNotice(
    db,
    userId,
    {
      type: "security",
      title: "新设备登录提醒",
      content: `你的账号于 ${chinaTime(now)} 在新设备上登录：${device}（${placeOf(request.ip)}${request.ip ? `，IP ${request.ip}` : ""}）。${NOT_YOU}`,
    },
    now,
  );
  return true;
}

export type ReplyOutcome = { outcome: "sent"; userId: number } | { outcome: "stored" } | { outcome: "not-found" };

/**
 * Stores the operators' reply to contact message `messageId` and, when it was left by a signed-in
 * user, sends it to them as a `reply` notice quoting their message. A visitor's message keeps the
 * reply on the board only: there is nobody to deliver it to on the site.
 */
export async function replyToMessage(
  db: AnyDatabase,
  messageId: number,
  reply: string,
  now = new Date(),
): Promise<ReplyOutcome> {
  const notices = noticeDb(db);
  const message = await notices
    .updateTable("message_board")
    .set({ reply, replied_at: now })
    .where("id", "=", messageId)
    .returning(["id", "user_id", "content"])
    .executeTakeFirst();
  if (!message) return { outcome: "not-found" };
  if (message.user_id === null) return { outcome: "stored" };
  const quoted = message.content.length > 200 ? `${message.content.slice(0, 200)}…` : message.content;
  await sendNotice(
    db,
    message.user_id,
    { type: "reply", title: "你的留言有了回复", content: `${reply}\n\n你的留言：${quoted}` },
    now,
  );
  return { outcome: "sent", userId: message.user_id };
}

/** The notices the accounts' events send, handed to the account router by backend/index.ts. */
export function accountNotices(db: AnyDatabase): AccountEvents {
  return {
    registered: (userId, now) => welcomeUser(db, userId, now),
    securityChanged: (userId, change, now) => noticeSecurityChange(db, userId, change, now),
    signingIn: async (userId, request, now) => {
      await noticeIfNewDevice(db, userId, request, now);
    },
  };
}
