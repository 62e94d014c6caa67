import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { oneOf, queryValue } from "./query";

/**
 * The kinds of message a user receives, each with its tab name in the message centre:
 * `system` announcements from the operators (and the welcome on registration), `security` notices
 * of a changed password, e-mail, phone or WeChat and of a login from a new device, and `reply`
 * answers to a message left on the contact page.
 */
export const NOTICE_TYPES = ["system", "security", "reply"] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const NOTICE_TYPE_NAMES: Record<NoticeType, string> = {
  system: "系统通知",
  security: "安全提醒",
  reply: "留言回复",
};

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 2000;

const id = z.number().int().positive();

export const noticeSchema = z.object({
  id,
  type: z.enum(NOTICE_TYPES),
  title: z.string().min(1),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string().datetime({ offset: true }),
});
export type Notice = z.infer<typeof noticeSchema>;

/** Unread messages: all of them, and per type. */
export const unreadNoticeCountSchema = z.object({
  total: z.number().int().nonnegative(),
  byType: z.object({
    system: z.number().int().nonnegative(),
    security: z.number().int().nonnegative(),
    reply: z.number().int().nonnegative(),
  }),
});
export type UnreadNoticeCount = z.infer<typeof unreadNoticeCountSchema>;

/** A page of messages, unread first, then newest first; `type` keeps one kind. */
export const noticeListQuerySchema = pageQuerySchema.extend({
  type: oneOf(NOTICE_TYPES).optional(),
});
export type NoticeListQuery = z.output<typeof noticeListQuerySchema>;

export const noticeIdParamsSchema = z.object({
  id: queryValue()
    .regex(/^\d{1,10}$/, "必须是正整数")
    .transform(Number)
    .pipe(z.number().min(1, "必须是正整数").max(2_147_483_647, "必须是正整数")),
});

export const listNotices = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/notifyList",
  query: noticeListQuerySchema,
  data: pageSchema(noticeSchema),
  auth: "required",
});

export const countUnreadNotices = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/notify",
  data: unreadNoticeCountSchema,
  auth: "required",
});

/** Marks one of the user's messages read and answers it; another user's id is 404. */
export const readNotice = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/notify/:id/read",
  params: noticeIdParamsSchema,
  data: noticeSchema,
  auth: "required",
});

/**
 * The user's own news feed: what was written to them by someone (system announcements and
 * replies to their contact messages), newest first, read or not. Security notices stay out of it:
 * they belong to the message centre's 安全提醒 tab.
 */
export const getMyNews = defineEndpoint({
  method: "GET",
  path: "/api/v1/news/my-news",
  query: pageQuerySchema,
  data: pageSchema(noticeSchema),
  auth: "required",
});

export const noticeEndpoints = { listNotices, countUnreadNotices, readNotice, getMyNews };
