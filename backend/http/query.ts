import type { RequestHandler } from "express";
import { badRequest } from "./envelope.js";

/**
 * Refuses a request whose query string is not well-formed UTF-8 percent-encoding or carries a NUL
 * character. Express's query parser keeps a malformed escape (`%E0`) as literal text and decodes
 * `%00` to NUL, which PostgreSQL refuses in any text parameter; both are answered here with a 400
 * naming the parameter, before any handler sees them.
 */
export const rejectMalformedQuery: RequestHandler = (req, _res, next) => {
  const problem = malformedQueryProblem(rawQueryOf(req.originalUrl));
  next(problem ? badRequest(problem) : undefined);
};

/** The Chinese message describing what is wrong with `rawQuery` (without the `?`), or null when nothing is. */
export function malformedQueryProblem(rawQuery: string): string | null {
  if (rawQuery === "") return null;
  for (const pair of rawQuery.split("&")) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? "" : pair.slice(separator + 1);
    const name = decodeComponent(rawName);
    if (name === null) return "查询参数的编码不正确";
    const label = displayName(name);
    if (name.includes("\u0000")) return "查询参数名不能包含空字符";
    const value = decodeComponent(rawValue);
    if (value === null) return `参数 ${label} 的编码不正确（需为 UTF-8 百分号编码）`;
    if (value.includes("\u0000")) return `参数 ${label} 不能包含空字符`;
  }
  return null;
}

function rawQueryOf(url: string): string {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start + 1);
}

/** The text of one query component, or null when its percent-encoding is not valid UTF-8. */
function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return null;
  }
}

/** `keyword[a]` and `keyword[]` name the parameter `keyword`; long names are cut for the message. */
function displayName(name: string): string {
  const base = name.split("[", 1)[0] || name;
  return base.length > 40 ? `${base.slice(0, 40)}…` : base;
}
