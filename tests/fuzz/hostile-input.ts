/**
 * What the fuzz test sends: path segments, queries, headers and bodies no well-behaved client
 * would, and raw requests no HTTP client can.
 */
import type { ZodTypeAny } from "zod";

/** What goes where a path parameter (`:id`, a page's `$id`) or a splat belongs. */
export const HOSTILE_SEGMENTS = [
  "99999999",
  "abc",
  "%00",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%E0",
  "-1",
  "1e309",
  "9".repeat(400),
  `${"a".repeat(2_000)}.woff2`,
];

/** The ordinary value of a path parameter, for the targets every method and body is tried on. */
export const PLAIN_SEGMENT = "1";

export const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "FOO"];

export type BodyShape = {
  name: string;
  contentType?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
};

export const JSON_TYPE = "application/json";
export const FORM_TYPE = "application/x-www-form-urlencoded";
const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const TWO_MB = 2 * 1024 * 1024;

export const BODY_SHAPES: BodyShape[] = [
  { name: "no body" },
  { name: "empty JSON", contentType: JSON_TYPE, body: "" },
  { name: "empty form", contentType: FORM_TYPE, body: "" },
  { name: "empty multipart", contentType: MULTIPART_TYPE, body: "" },
  { name: "{}", contentType: JSON_TYPE, body: "{}" },
  { name: "JSON null", contentType: JSON_TYPE, body: "null" },
  { name: "JSON array", contentType: JSON_TYPE, body: "[1,2,3]" },
  { name: "JSON string", contentType: JSON_TYPE, body: '"x"' },
  {
    name: "wrong types",
    contentType: JSON_TYPE,
    body: '{"current":[1],"size":{"a":1},"id":true,"account":123,"password":null,"text":{"x":1},"fonts":"x","purpose":[],"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { name: "JSON infinity", contentType: JSON_TYPE, body: '{"current":1e309,"size":-1e309,"id":1e309}' },
  { name: "invalid JSON", contentType: JSON_TYPE, body: '{"a":' },
  { name: "huge JSON string", contentType: JSON_TYPE, body: `"${"a".repeat(TWO_MB)}"` },
  { name: "huge form", contentType: FORM_TYPE, body: `account=${"a".repeat(TWO_MB)}&password=x` },
  { name: "huge untyped", body: "a".repeat(TWO_MB) },
  { name: "NUL form", contentType: FORM_TYPE, body: "account=%00&password=%00%00&nickname=a%00b&intent=%00" },
  { name: "NUL JSON", contentType: JSON_TYPE, body: '{"account":"\\u0000","password":"\\u0000","text":"\\u0000"}' },
  { name: "raw NUL JSON", contentType: JSON_TYPE, body: Buffer.from([0, 0, 0, 0x7b, 0, 0x7d]) },
  { name: "raw NUL form", contentType: FORM_TYPE, body: Buffer.from("account=\0&password=\0\0", "latin1") },
  {
    name: "multipart without its boundary",
    contentType: MULTIPART_TYPE,
    body: 'Content-Disposition: form-data; name="account"\r\n\r\nx\r\n',
  },
  {
    name: "truncated multipart",
    contentType: MULTIPART_TYPE,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
  },
  {
    name: "multipart, no boundary parameter",
    contentType: "multipart/form-data",
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: "multipart, nameless parts",
    contentType: MULTIPART_TYPE,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nb\r\n--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nc\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: "invalid UTF-8 JSON",
    contentType: JSON_TYPE,
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  },
  {
    name: "invalid UTF-8 form",
    contentType: FORM_TYPE,
    body: Buffer.concat([Buffer.from("account="), Buffer.from([0xff, 0xfe]), Buffer.from("&password=%E0")]),
  },
  { name: "deep JSON array", contentType: JSON_TYPE, body: `${"[".repeat(10_000)}${"]".repeat(10_000)}` },
  { name: "deep JSON object", contentType: JSON_TYPE, body: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}` },
  {
    name: "repeated form keys",
    contentType: FORM_TYPE,
    body: "account=a&account=b&password=x&password=y&intent=login&intent=register&_action=x&_action=y&redirectTo=%2F%2Fevil.example&redirectTo=%2F",
  },
  {
    name: "form array keys",
    contentType: FORM_TYPE,
    body: "account[]=a&account[x]=b&password[0]=c&__proto__[admin]=1",
  },
  { name: "unknown charset", contentType: "application/json; charset=utf-999", body: "{}" },
  { name: "UTF-16 JSON", contentType: "application/json; charset=utf-16", body: Buffer.from('{"a":1}', "utf16le") },
  { name: "text/plain JSON", contentType: "text/plain", body: '{"account":"a"}' },
  {
    name: "XML",
    contentType: "application/xml",
    body: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'b'>]><x>&a;</x>",
  },
  { name: "bad gzip", contentType: JSON_TYPE, body: "{}", headers: { "Content-Encoding": "gzip" } },
  {
    name: "unknown encoding",
    contentType: FORM_TYPE,
    body: "a=b",
    headers: { "Content-Encoding": "br, zstd, x-fuzz" },
  },
];

export function bodyShape(name: string): BodyShape {
  const shape = BODY_SHAPES.find((candidate) => candidate.name === name);
  if (!shape) throw new Error(`no body shape ${name}`);
  return shape;
}

/** NUL, a broken escape, a 10 000-character value, arrays and nested keys, numbers out of range. */
export function hostileQueries(keys: string[]): Array<[name: string, query: string]> {
  const names = [...new Set([...keys, "current", "size", "keyword", "id", "type"])];
  const each = (value: string) => names.map((name) => `${encodeURIComponent(name)}=${value}`).join("&");
  return [
    ["query NUL", each("%00")],
    ["query %E0", each("%E0")],
    ["query 10 000 chars", each("x".repeat(10_000))],
    ["query arrays", names.map((name) => `${name}=1&${name}=2&${name}[]=3&${name}[a][b]=4`).join("&")],
    ["query out of range", each("-99999999999999999999")],
    ["query prototype, broken escapes", "__proto__[x]=1&constructor[prototype][x]=1&__proto__=1&%&&=&=%&a==b&%zz=%"],
  ];
}

export const HEADER_SHAPES: Array<[name: string, headers: Record<string, string>]> = [
  ["Origin: null", { Origin: "null" }],
  ["foreign Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
  ["malformed Origin", { Origin: "http://[::1" }],
  ["huge Cookie", { Cookie: `token=${"t".repeat(8_000)}; other=${"o".repeat(4_000)}` }],
  ["malformed Cookie", { Cookie: "token=%; __Host-token=%E0%A4%A; =; ;;; toast=%ZZ" }],
  ["Latin-1 Cookie", { Cookie: "token=\u00ff\u00fe; toast=\u00e9" }],
  ["bogus token headers", { Authorization: "Bearer %00", token: "\u00ff".repeat(300) }],
  ["Authorization garbage", { Authorization: "Basic ::::", token: "" }],
  ["bogus Accept", { Accept: "*/*;q=abc, text/html;level=%00", "Accept-Language": "zz-ZZ;q=NaN" }],
  ["bogus Accept-Encoding", { "Accept-Encoding": "gzip;q=NaN, br;q=-1, *;q=2" }],
  ["bogus Range", { Range: "bytes=999999999999-1, -0, x-y" }],
  ["bogus conditionals", { "If-None-Match": "*", "If-Modified-Since": "yesterday", "If-Range": "%00" }],
  [
    "bogus forwarding",
    { "X-Forwarded-For": "not an ip, ::::", "X-Forwarded-Host": "evil.example:99999", "X-Forwarded-Proto": "gopher" },
  ],
  ["odd Host", { Host: "evil.example:99999" }],
];

/** The keys of an object schema, through optional, default, effects and pipelines. */
export function keysOf(schema: ZodTypeAny | undefined): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod's internals, read only to list keys
  let current: any = schema;
  for (let depth = 0; depth < 10 && current; depth++) {
    if (typeof current.shape === "object" && current.shape) return Object.keys(current.shape);
    const definition = current._def;
    current = definition?.schema ?? definition?.innerType ?? definition?.in ?? definition?.left;
  }
  return [];
}

/** A JSON body that gives each of a schema's fields a value of a type it never takes. */
export function wrongTypesFor(body: ZodTypeAny | undefined): BodyShape | null {
  const keys = keysOf(body);
  if (keys.length === 0) return null;
  const wrong = ["[1]", '{"a":1}', "true", "1e309", "-1", `"${"字".repeat(5_000)}"`, '"\\u0000"', "null"];
  const fields = keys.map((key, index) => `${JSON.stringify(key)}:${wrong[index % wrong.length]}`);
  return { name: "wrong types for its fields", contentType: JSON_TYPE, body: `{${fields.join(",")}}` };
}

/**
 * Requests only a raw socket can send: lengths that lie, broken chunked encoding, NUL in a header
 * or the path, absolute-form and asterisk targets, no Host.
 */
export function rawRequests(target: string, host: string): Array<[name: string, bytes: Buffer]> {
  const lines = (...parts: string[]) => Buffer.from(parts.join("\r\n"), "latin1");
  const form = [`POST ${target} HTTP/1.1`, `Host: ${host}`, `Content-Type: ${FORM_TYPE}`, "Connection: close"];
  const get = (requestTarget = target) => [`GET ${requestTarget} HTTP/1.1`, `Host: ${host}`, "Connection: close"];
  return [
    ["Content-Length shorter than the body", lines(...form, "Content-Length: 5", "", "account=a&password=b")],
    ["Content-Length longer than the body", lines(...form, "Content-Length: 500", "", "account=a")],
    ["two Content-Lengths", lines(...form, "Content-Length: 3", "Content-Length: 9", "", "a=b")],
    ["Content-Length not a number", lines(...form, "Content-Length: abc", "", "a=b")],
    [
      "Content-Length and chunked",
      lines(...form, "Content-Length: 3", "Transfer-Encoding: chunked", "", "3", "a=b", "0", "", ""),
    ],
    ["broken chunked", lines(...form, "Transfer-Encoding: chunked", "", "zz", "a=b", "")],
    ["chunked cut short", lines(...form, "Transfer-Encoding: chunked", "", "100", "a=b")],
    ["unknown Transfer-Encoding", lines(...form, "Transfer-Encoding: gzip, fuzz", "", "a=b")],
    ["NUL in a header", lines(...get(), "X-Fuzz: a\0b", "", "")],
    ["folded header", lines(...get(), "X-Fuzz: a", " b", "", "")],
    ["absolute-form target", lines(...get(`http://evil.example${target}`), "", "")],
    ["HTTP/1.0 without Host", lines(`GET ${target} HTTP/1.0`, "", "")],
    ["no Host", lines(`GET ${target} HTTP/1.1`, "Connection: close", "", "")],
    ["NUL in the path", lines(...get(`${target}\0x`), "", "")],
    ["Latin-1 bytes in the path", lines(...get(`${target}/\u00ff\u00fe`), "", "")],
    [
      "invalid UTF-8 in the path",
      Buffer.concat([
        Buffer.from(`GET ${target}/`),
        Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        lines(` HTTP/1.1`, `Host: ${host}`, "Connection: close", "", ""),
      ]),
    ],
    ["asterisk target", lines(`OPTIONS * HTTP/1.1`, `Host: ${host}`, "Connection: close", "", "")],
    ["HTTP/2 preface", lines("PRI * HTTP/2.0", "", "SM", "", "")],
  ];
}
