import type { EndpointQuery } from "@contract/endpoint";
import { countUnreadNotices, listNotices, readNotice } from "@contract/notices";
import { callApi, type ApiCaller } from "./api-client.server";

/** A page of the user's messages, unread first; `type` keeps one kind. */
export function listUserNotices(caller: ApiCaller, query: EndpointQuery<typeof listNotices>) {
  return callApi(caller, listNotices, { query });
}

/** Unread messages, in all and per type. */
export function countUserUnreadNotices(caller: ApiCaller, options: { timeoutMs?: number } = {}) {
  return callApi(caller, countUnreadNotices, options);
}

/** Marks one of the user's messages read; another user's id is a 404 ApiError. */
export function markNoticeRead(caller: ApiCaller, id: number) {
  return callApi(caller, readNotice, { params: { id } });
}
