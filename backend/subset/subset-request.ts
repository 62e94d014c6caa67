import type { RequestHandler } from "express";
import type { ParsedSubsetRequestItem } from "../../contract/subset.js";
import { badRequest, type ApiError } from "../http/envelope.js";
import { nestsDeeperThan } from "../http/json-depth.js";
import { normalizeCodepoints } from "./subset-key.js";

/** One item of a subset request, as the contract parses it, with the code points to keep. */
export type SubsetRequestItem = ParsedSubsetRequestItem & {
  /** Sorted distinct code points of `text`. */
  codepoints: number[];
};

/** `{list: [{gno, text}]}` is 3 deep; the rest leaves room for extra fields a client sends along, which are ignored. */
const MAX_BODY_DEPTH = 8;

/** Refuses a JSON body nested deeper than a subset request can be, before any schema walks it. */
export const rejectDeepBody: RequestHandler = (req, _res, next) => {
  next(deepBodyError(req.body));
};

/** The 400 for a parsed JSON body nested deeper than a subset request can be; undefined for any other. */
export function deepBodyError(body: unknown): ApiError | undefined {
  return nestsDeeperThan(body, MAX_BODY_DEPTH) ? badRequest("请求体嵌套过深") : undefined;
}

export function withCodepoints(items: ParsedSubsetRequestItem[]): SubsetRequestItem[] {
  return items.map((item) => ({ ...item, codepoints: normalizeCodepoints(item.text) }));
}
