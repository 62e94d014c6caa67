import { z, type ZodErrorMap, type ZodIssueOptionalMessage } from "zod";

/**
 * Chinese for the problems a schema gives no message of its own for (zod's defaults are English),
 * so a client that sends the wrong shape reads what is wrong. A schema's own message is kept.
 */

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "文本",
  number: "数字",
  integer: "整数",
  bigint: "整数",
  boolean: "true 或 false",
  object: "对象",
  array: "数组",
  date: "日期",
  null: "null",
};

function typeName(type: string): string {
  return TYPE_NAMES[type] ?? "正确的类型";
}

/** Whether `message` is zod's own English for `issue` rather than one the schema gave. */
function isZodDefault(issue: ZodIssueOptionalMessage, message: string, data: unknown): boolean {
  return z.defaultErrorMap(issue, { data, defaultError: "" }).message === message;
}

function inChinese(translate: (issue: ZodIssueOptionalMessage) => string): ZodErrorMap {
  return (issue, context) => ({
    message: isZodDefault(issue, context.defaultError, context.data) ? translate(issue) : context.defaultError,
  });
}

/** For a path parameter or query value: the caller puts `参数 <name> ` in front. */
export const parameterMessages = inChinese((issue) => {
  if (issue.code !== z.ZodIssueCode.invalid_type) return "格式不正确";
  return issue.received === "undefined" ? "不能为空" : `应为${typeName(issue.expected)}`;
});

/** For a request body: whole sentences naming the field. */
export const bodyMessages = inChinese((issue) => {
  const field = issue.path.join(".");
  if (issue.code !== z.ZodIssueCode.invalid_type) return field ? `字段 ${field} 格式不正确` : "请求体格式不正确";
  if (!field) return `请求体应为 JSON ${typeName(issue.expected)}`;
  if (issue.received === "undefined") return `缺少字段 ${field}`;
  return `字段 ${field} 应为${typeName(issue.expected)}`;
});
