/**
 * The contract (contract/) against the real backend: every endpoint is called with valid input and
 * its answer must parse with the endpoint's schema without losing a field; invalid requests built
 * from the request schemas must be refused with the schema's own message; and where the contract
 * and the backend could count or date differently, both must reach the same verdict.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import CryptoJS from "crypto-js";
import express from "express";
import type { Generated } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z, ZodTypeAny } from "zod";
import {
  BIO_MAX,
  NICKNAME_MAX,
  TOKEN_EXPIRED_CODE,
  catalogueEndpoints,
  contentEndpoints,
  createUpdateAccountInfoBodySchema,
  endpointPath,
  endpoints,
  errorEnvelopeSchema,
  outlineEndpoints,
  successEnvelopeSchema,
  todayInChina,
  type EndpointData,
  type EndpointDefinition,
  type EndpointName,
  type LoginData,
  type SubsetResponseItem,
  type UserView,
} from "../contract/index.js";
import {
  startAccountChannels,
  type startSmsGateway,
  type startSmtpServer,
  type startWechatServer,
} from "./account/testing/test-harness.js";
import { TEST_DATABASES } from "./db/testing/test-databases.js";
import { serveRouter, type TestServer } from "./http/testing/test-server.js";
import { createBackend, type Backend } from "./index.js";
import { createSubsetService, type SubsetService } from "./subset/index.js";

const PASSWORD = "contract password 1";
const FAMILY_EMOJI = "👨‍👩‍👧";
const WECHAT_APPID = "wxCONTRACT";
const WECHAT_SECRET = "wxCONTRACTSECRET";

/** The rows this test reads or writes directly, typed here so the test does not lean on module internals. */
type TestTables = {
  captcha_challenge: { token: string; gap_x: number | null; gap_y: number | null; answer: string | null };
  favorite_folder: { id: Generated<number>; user_id: number; name: string; created_at: Date | string };
  favorite_font: { folder_id: number; font_gno: string; created_at: Date | string };
};

type Input = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body; its text fields are checked against `body`. */
  form?: FormData;
  token?: string;
  /** Send the token in the `token` header instead of `Authorization: Bearer`. */
  tokenHeader?: "token";
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const value = read();
    if (value !== undefined) return value;
    await wait(20);
  }
  throw new Error(`等待超时：${what}`);
}

function aesEcb(text: string, key: string): string {
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(text), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/** "data.records.0.license.code: Required" — the first thing a schema found wrong. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "unknown";
}

/** The message the backend answers for the first issue `schema` finds in `input`. */
function expectedMessage(name: EndpointName, part: "params" | "query" | "body", schema: ZodTypeAny, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success, `${name} ${part} should be refused by the contract`).toBe(false);
  const issue = result.error!.issues[0]!;
  expect(issue.message, "contract messages are Chinese").toMatch(/[\u4e00-\u9fff]/);
  // Catalogue, content and outline parameters are answered as `参数 <name> <rule>`; other messages are whole sentences.
  const catalogueParameter =
    (name in catalogueEndpoints || name in contentEndpoints || name in outlineEndpoints) && part !== "body";
  return catalogueParameter ? `参数 ${issue.path.join(".")} ${issue.message}` : issue.message;
}

function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

describe.each(TEST_DATABASES)("the contract against the backend on $name", (database) => {
  let backend: Backend;
  let subset: SubsetService;
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let wechat: Awaited<ReturnType<typeof startWechatServer>>;
  let dataDir: string;
  let dispose: () => Promise<void>;
  const conforming = new Set<EndpointName>();
  let counter = 0;
  const newPhone = () => `1370001${String(1000 + ++counter).slice(-4)}`;
  const newEmail = () => `contract_${++counter}@example.com`;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "contract-test-"));
    const channels = await startAccountChannels(WECHAT_APPID, WECHAT_SECRET);
    ({ smtp, sms, wechat } = channels);
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({
      ...options,
      dataDir,
      account: channels.config({ CAPTCHA: "off", DATA_DIR: dataDir }),
      // Kept though every channel is configured, so that it is there to answer (empty).
      localOutbox: true,
    });
    subset = await createSubsetService({
      cacheDir: path.join(dataDir, "subset-cache"),
      memoryBudgetBytes: 256 * 1024 * 1024,
      fontSource: backend.fontSource,
      variableFontSource: backend.variableFontSource,
      webFontCatalogue: backend.webFontCatalogue,
    });
    // Mounted as server.ts mounts them: the backend first, then the subset service.
    const router = express.Router();
    router.use(backend.router);
    router.use(subset.router);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await subset?.close();
    await backend?.close();
    await Promise.all([smtp?.close(), sms?.close(), wechat?.close()]);
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Sends `input` to the endpoint as a website would. */
  async function send(name: EndpointName, input: Input = {}): Promise<Response> {
    const endpoint: EndpointDefinition = endpoints[name];
    const url = new URL(endpointPath(endpoint as { path: string }, input.params as never), server.origin);
    for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.append(key, value);
    const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest" };
    if (input.token && input.tokenHeader === "token") headers.token = input.token;
    else if (input.token) headers.Authorization = `Bearer ${input.token}`;
    let body: BodyInit | undefined;
    if (endpoint.method === "GET") {
      body = undefined;
    } else if (input.form) {
      body = input.form;
    } else if (input.body !== undefined) {
      headers["Content-Type"] = "application/json; charset=utf-8";
      body = JSON.stringify(input.body);
    }
    return fetch(url, { method: endpoint.method, headers, body });
  }

  /**
   * Calls the endpoint with input the contract accepts and returns the answer's data, checked
   * against the endpoint's schema: it must parse, and parsing must drop nothing the backend sent.
   */
  async function conform<N extends EndpointName>(
    name: N,
    input: Input = {},
  ): Promise<EndpointData<(typeof endpoints)[N]>> {
    const endpoint: EndpointDefinition = endpoints[name];
    for (const [part, value] of [
      ["params", input.params],
      ["query", input.query ?? {}],
      ["body", input.form ? formFields(input.form) : input.body],
    ] as const) {
      const schema = endpoint[part];
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      expect(parsed.success, `${name} ${part} ${parsed.success ? "" : firstIssue(parsed.error)}`).toBe(true);
    }
    const response = await send(name, input);
    const raw: unknown = await response.json();
    expect(response.status, `${name}: ${JSON.stringify(raw).slice(0, 300)}`).toBe(200);
    const envelope = successEnvelopeSchema(endpoint.data!).safeParse(raw);
    if (!envelope.success) throw new Error(`${name} 的应答不符合契约：${firstIssue(envelope.error)}`);
    expect(envelope.data.data, `${name}: the schema keeps every field the backend sends`).toEqual(
      (raw as { data: unknown }).data,
    );
    conforming.add(name);
    return envelope.data.data;
  }

  /** Calls a file endpoint and checks the answer is the file, not an envelope. */
  async function conformFile(name: EndpointName, input: Input, contentType: RegExp): Promise<void> {
    const endpoint: EndpointDefinition = endpoints[name];
    if (endpoint.params) expect(endpoint.params.safeParse(input.params).success, `${name} params`).toBe(true);
    if (endpoint.query) expect(endpoint.query.safeParse(input.query ?? {}).success, `${name} query`).toBe(true);
    const response = await send(name, input);
    expect(response.status, name).toBe(200);
    expect(response.headers.get("content-type")).toMatch(contentType);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    conforming.add(name);
  }

  /** Sends input the contract refuses and expects the backend's 400 with the contract's message. */
  async function refusedAlike(name: EndpointName, input: Input): Promise<void> {
    const endpoint: EndpointDefinition = endpoints[name];
    const part = input.params ? "params" : input.query ? "query" : "body";
    const schema = endpoint[part]!;
    const message = expectedMessage(name, part, schema, input.params ?? input.query ?? input.body);
    const response = await send(name, input);
    const raw: unknown = await response.json();
    expect({ status: response.status, envelope: errorEnvelopeSchema.safeParse(raw).success }, name).toEqual({
      status: 400,
      envelope: true,
    });
    expect((raw as { message: string }).message, name).toBe(message);
  }

  async function smsCode(phone: string, purpose: string): Promise<string> {
    return until(
      () => sms.messages.find((message) => message.phone === phone && message.purpose === purpose)?.code,
      `短信验证码 ${phone} ${purpose}`,
    );
  }

  async function mailCode(email: string, after: number): Promise<string> {
    return until(
      () => smtp.mails.slice(after).find((mail) => mail.to === email)?.code ?? undefined,
      `邮件验证码 ${email}`,
    );
  }

  async function registerByPhone(): Promise<{ phone: string; login: LoginData }> {
    const phone = newPhone();
    await conform("sendCode", { body: { account: phone, purpose: "register" } });
    const code = await smsCode(phone, "register");
    const login = await conform("registerByPhone", {
      body: { phone, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: "契约测试" },
    });
    return { phone, login };
  }

  let shared: Promise<{ phone: string; login: LoginData }> | undefined;
  /** One user for the tests that only need someone logged in (codes per client IP are capped). */
  const sharedUser = () => (shared ??= registerByPhone());

  const skip = !database.available;

  it.skipIf(skip)("catalogue answers match their schemas", async () => {
    const firstPage = await conform("getFontList", {});
    expect(firstPage.records.length).toBeGreaterThan(0);
    await conform("getFontList", { query: { current: "2", size: "3", sort: "new" } });
    await conform("getFontList", { query: { style: "cute", sort: "name" } });
    await conform("getFontList", { query: { keyword: "黑体", text: "你好" } });

    const gno = firstPage.records[0]!.fontGNo;
    const detail = await conform("getFontDetail", { query: { fontGNo: gno } });
    expect(detail.childFontResource.length).toBeGreaterThan(0);
    await conform("getDownloadUrl", { query: { fontGNo: gno } });
    const viewsBefore = (await conform("getFontInformation", { params: { id: gno } })).views;
    await conform("addFontVisits", { body: { fontGNo: gno, visits: 5 } });
    expect((await conform("getFontInformation", { params: { id: gno } })).views).toBe(viewsBefore + 5);
    await conform("getFontDictionaries");
    await conform("getFamilyFonts", { params: { id: gno } });
    await conform("getFontInformation", { params: { id: gno } });
    await conform("getFontFamily", { params: { id: gno } });
    await conformFile("downloadFont", { params: { id: gno } }, /^font\/ttf/);
    const withWoff2 = firstPage.records.flatMap((font) => font.childFontResource).find((font) => font.woffPath);
    if (withWoff2)
      await conformFile(
        "downloadFont",
        { params: { id: withWoff2.fontGNo }, query: { format: "woff2" } },
        /^font\/woff2/,
      );

    await conform("getKeywords");
    const suggestions = await conform("getKeywords", { query: { keyword: "思源", limit: "20" } });
    expect(suggestions.some((suggestion) => suggestion.type === "font")).toBe(true);
    await conform("getHomeData");
    await conform("getFriendshipLinks");
    await conform("getSitePages");
    await conform("getColumnsByType", { query: { type: "header" } });
    await conform("getColumnsByType", { query: { type: "footer" } });
    for (const position of ["home-banner", "font-list", "footer-qr"])
      await conform("getAdverts", { query: { position } });
  });

  it.skipIf(skip)("subset answers match their schema", async () => {
    const items: SubsetResponseItem[] = await conform("createSubsets", { body: [{ gno: "10001", text: "点赞关注" }] });
    expect(items.map((item) => item.gno)).toEqual(["10001"]);
    await conform("createSubsets", {
      body: {
        list: [
          { gno: 10002, text: "你好" },
          { gno: "10001", text: "世界" },
        ],
      },
    });
    const name = new URL(items[0]!.woffPath, server.origin).pathname.split("/").pop()!;
    await conformFile("getSubsetFile", { params: { name } }, /^font\/woff2?/);
  });

  it.skipIf(skip)("the CSS API answers stylesheets and slice files", async () => {
    await conformFile("webFontCss", { query: { family: "思源黑体:wght@400;700", text: "点赞关注" } }, /^text\/css/);
    const css = await (await fetch(`${server.origin}/css2?family=${encodeURIComponent("站酷快乐体")}`)).text();
    const name = /url\(webfont\/slices\/([^)]+\.woff2)\)/.exec(css)![1]!;
    await conformFile("getWebFontSlice", { params: { name } }, /^font\/woff2$/);
  });

  it.skipIf(skip)("coverage answers match their schema: every family, the characters each lacks", async () => {
    const coverage = await conform("getFontCoverage", { body: { text: "点赞 关注𠀀" } });
    expect(coverage.length).toBeGreaterThan(1);
    expect(coverage.filter((item) => item.missing.includes("𠀀")).length).toBeGreaterThan(0);
    expect(coverage.some((item) => item.missing === "𠀀")).toBe(true);
    await refusedAlike("getFontCoverage", { body: { text: " " } });
  });

  it.skipIf(skip)("outline answers match their schema", async () => {
    const scene = {
      gno: "10001",
      text: "点赞关注\n第二行",
      size: "120",
      width: "1080",
      height: "1920",
      bar: "#000000",
    };
    const layout = await conform("getOutlineLayout", { query: scene });
    expect(layout.missing).toEqual([]);
    await conformFile("getOutlineImage", { query: scene }, /^image\/png/);
    await conformFile("getOutlineImage", { query: { ...scene, format: "svg" } }, /^image\/svg\+xml/);
    await refusedAlike("getOutlineLayout", { query: { gno: "10001", text: "标题", size: "5000" } });
  });

  it.skipIf(skip)("captcha answers match their schemas, in all three ways of answering", async () => {
    const challenges = backend.db.withTables<TestTables>();
    const gapOf = (token: string) =>
      challenges
        .selectFrom("captcha_challenge")
        .select(["gap_x", "gap_y"])
        .where("token", "=", token)
        .executeTakeFirstOrThrow();

    const slider = await conform("getCaptcha", { body: { captchaType: "blockPuzzle" } });
    const sliderGap = await gapOf(slider.token);
    const pointJson = aesEcb(JSON.stringify({ x: sliderGap.gap_x, y: 5 }), slider.secretKey);
    await conform("checkCaptcha", { body: { captchaType: "blockPuzzle", token: slider.token, pointJson } });

    const form = await conform("getFormCaptcha", { query: { captchaType: "blockPuzzle", mode: "form" } });
    const { answer } = await challenges
      .selectFrom("captcha_challenge")
      .select("answer")
      .where("token", "=", form.token)
      .executeTakeFirstOrThrow();
    await conform("checkCaptcha", { body: { mode: "form", token: form.token, answer: answer! } });
  });

  it.skipIf(skip)("account answers match their schemas, from registration to logout", async () => {
    const { phone, login: registered } = await registerByPhone();
    let token = registered.token;
    expect(registered.user.phone).toBe(phone);
    await conform("getUserInfo", { token });
    await conform("getUserInfo", { token, tokenHeader: "token" });
    const otherDevice = await conform("login", { body: { account: phone, password: PASSWORD } });
    const sessions = await conform("listSessions", { token });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const other = sessions.find((session) => !session.current)!;
    await conform("endSession", { token, query: { id: String(other.id) } });
    expect((await send("getUserInfo", { token: otherDevice.token })).status).toBe(401);

    await conform("sendCode", { body: { phone, purpose: "login" } });
    await conform("smsLogin", { body: { phone, code: await smsCode(phone, "login") } });

    const email = newEmail();
    const mailsBefore = smtp.mails.length;
    await conform("sendCode", { body: { email, purpose: "register" } });
    await conform("registerByEmail", { body: { email, code: await mailCode(email, mailsBefore), password: PASSWORD } });

    const profile = await conform("updateAccountInfo", {
      token,
      body: { nickname: "新昵称", gender: "2", birthday: "2000-01-01", bio: `${FAMILY_EMOJI} 做字体`, city: "上海" },
    });
    expect(profile).toMatchObject({
      nickname: "新昵称",
      gender: 2,
      birthday: "2000-01-01",
      bio: `${FAMILY_EMOJI} 做字体`,
    });

    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#cc3333" } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append("nickname", "带头像");
    upload.append("birthday", "");
    upload.append("crop", "10,0,60,60");
    upload.append("avatar", new Blob([png], { type: "image/png" }), "avatar.png");
    const withAvatar: UserView = await conform("updateAccountInfo", { token, form: upload });
    expect(withAvatar.birthday).toBeNull();
    expect(withAvatar.avatar).toBeTruthy();
    await conformFile("getAvatar", { params: { file: withAvatar.avatar!.split("/").pop()! } }, /^image\/jpeg/);

    const newPassword = `${PASSWORD}!`;
    await conform("changePassword", {
      token,
      body: { oldPassword: PASSWORD, newPassword, confirmPassword: newPassword },
    });

    const bindEmail = newEmail();
    const bindMailsBefore = smtp.mails.length;
    await conform("sendCode", { token, body: { account: bindEmail, purpose: "bind" } });
    const bound = await conform("bindAccount", {
      token,
      body: {
        type: "email",
        account: bindEmail,
        code: await mailCode(bindEmail, bindMailsBefore),
        currentPassword: newPassword,
      },
    });
    expect(bound.email).toBe(bindEmail);
    const reauthMailsBefore = smtp.mails.length;
    await conform("sendCode", { token, body: { account: bindEmail, purpose: "reauth" } });
    const verifyCode = await mailCode(bindEmail, reauthMailsBefore);
    expect((await conform("unbindAccount", { token, body: { type: "email", verifyCode } })).email).toBeNull();
    await conform("reauthenticate", { token, body: { currentPassword: newPassword } });

    await conform("sendCode", { body: { account: phone, purpose: "reset" } });
    const ticket = await conform("verifyResetCode", { body: { account: phone, code: await smsCode(phone, "reset") } });
    await conform("resetPassword", { body: { ticket: ticket.ticket, password: PASSWORD, confirmPassword: PASSWORD } });
    token = (await conform("login", { body: { account: phone, password: PASSWORD } })).token;

    await conform("logout", { token });
    const after = await send("getUserInfo", { token });
    expect(after.status).toBe(401);
    expect(errorEnvelopeSchema.parse(await after.json()).code).toBe(TOKEN_EXPIRED_CODE);
  });

  it.skipIf(skip)(
    "WeChat answers match their schemas: register, login, bind by callback and by bind-account",
    async () => {
      const visitor = { openid: `openid-${database.name}`, unionid: `unionid-${database.name}`, nickname: "微信访客" };
      const first = await conform("getWechatQrConfig");
      expect(first.purpose).toBe("login");
      const registered = await conform("wechatCallback", {
        query: { code: wechat.issueCode(visitor), state: first.state },
      });
      expect(registered.action).toBe("register");
      const again = await conform("getWechatQrConfig");
      expect(
        (await conform("wechatCallback", { query: { code: wechat.issueCode(visitor), state: again.state } })).action,
      ).toBe("login");

      const { login } = await sharedUser();
      // The bind QR code is only given to a session that has just proved who it is.
      await conform("reauthenticate", { token: login.token, body: { currentPassword: PASSWORD } });
      const forBinding = await conform("getWechatQrConfig", { token: login.token });
      expect(forBinding.purpose).toBe("bind");
      const boundByCallback = await conform("wechatCallback", {
        token: login.token,
        query: {
          code: wechat.issueCode({ openid: `bind-${database.name}`, nickname: "绑定者" }),
          state: forBinding.state,
        },
      });
      expect(boundByCallback).toMatchObject({ action: "bind", token: null, user: { wechatBound: true } });

      const state = (await conform("getWechatQrConfig", { token: login.token })).state;
      const code = wechat.issueCode({ openid: `bind-account-${database.name}`, nickname: "另一位" });
      const boundByRequest = await conform("bindAccount", {
        token: login.token,
        body: { type: "wechat", code, state },
      });
      expect(boundByRequest.wechatBound).toBe(true);
    },
  );

  it.skipIf(skip)("content answers match their schemas", async () => {
    const albums = await conform("getAlbumPage", { query: { size: "3" } });
    await conform("getAlbumTags");
    await conform("getAlbumDetail", { query: { id: String(albums.records[0]!.id) } });
    const groups = await conform("getBaikeTitles");
    await conform("getBaikePage", { query: { tagId: String(groups[0]!.tagId) } });
    await conform("getBaikeDetail", { query: { id: String(groups[0]!.titles[0]!.id) } });
    const cases = await conform("getCasePage", {});
    await conform("getCaseTags");
    await conform("getCaseDetail", { query: { id: String(cases.records[0]!.id) } });
    const news = await conform("getNewsPage", {});
    await conform("getNewsDetail", { query: { id: String(news.records[0]!.id) } });
    const videos = await conform("getVideoPage", {});
    await conform("getVideoDetail", { query: { id: String(videos.records[0]!.id) } });
    await conform("searchEverything", { query: { keyword: "楷书" } });
    await conform("countSearchResults", { query: { keyword: "楷书" } });
    await conform("saveMessage", { body: { name: "契约测试", email: "contract@example.com", content: "你好" } });
    await refusedAlike("saveMessage", { body: { name: "契约测试", phone: "12345678901", content: "你好" } });
  });

  it.skipIf(skip)("favorite folder answers match their schema, empty and filled", async () => {
    const { login } = await registerByPhone();
    expect(await conform("getAllFavoriteFonts", { token: login.token })).toEqual([]);
    const db = backend.db.withTables<TestTables>();
    const folder = await db
      .insertInto("favorite_folder")
      .values({ user_id: login.user.id, name: "我的收藏", created_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("favorite_font")
      .values([
        { folder_id: folder.id, font_gno: "10001", created_at: new Date() },
        { folder_id: folder.id, font_gno: "10010", created_at: new Date() },
      ])
      .execute();
    const folders = await conform("getAllFavoriteFonts", { token: login.token });
    expect(folders[0]!.fontList.map((font) => font.fontGNo)).toEqual(["10001", "10010"]);
  });

  it.skipIf(skip)("calls that need a login answer 401 S00106 without one", async () => {
    const guarded = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth === "required");
    expect(guarded.length).toBeGreaterThan(5);
    for (const name of guarded) {
      // Path parameters (e.g. a message's id) get a well-formed value: the login check comes first.
      const params = Object.fromEntries([...endpoints[name].path.matchAll(/:(\w+)/g)].map(([, key]) => [key, "1"]));
      const response = await send(name, { params, body: {} });
      expect(response.status, name).toBe(401);
      expect(errorEnvelopeSchema.parse(await response.json()), name).toMatchObject({ code: TOKEN_EXPIRED_CODE });
    }
  });

  it.skipIf(skip)("requests the contract refuses are refused by the backend with the contract's message", async () => {
    await refusedAlike("getFontList", { query: { size: "101" } });
    await refusedAlike("getFontList", { query: { current: "0" } });
    await refusedAlike("getFontList", { query: { style: "nope" } });
    await refusedAlike("getFontList", { query: { text: "字".repeat(201) } });
    await refusedAlike("getFontDetail", { query: { fontGNo: "abc" } });
    await refusedAlike("getFontDetail", { query: {} });
    await refusedAlike("addFontVisits", { body: { fontGNo: "10001", visits: 1001 } });
    await refusedAlike("addFontVisits", { body: { fontGNo: "10001", visits: 0 } });
    await refusedAlike("getFamilyFonts", { params: { id: "abc" } });
    await refusedAlike("getKeywords", { query: { limit: "0" } });
    await refusedAlike("getColumnsByType", { query: { type: "middle" } });
    await refusedAlike("getAdverts", { query: {} });
    await refusedAlike("createSubsets", { body: [] });
    await refusedAlike("createSubsets", { body: [{ gno: "10001", text: "好" }, { gno: "10001" }] });

    await refusedAlike("login", { body: { account: "12345", password: "x" } });
    await refusedAlike("login", { body: { website: "http://spam.example", account: "13800138000", password: "x" } });
    await refusedAlike("sendCode", { body: { account: "someone", purpose: "register" } });
    await refusedAlike("sendCode", { body: { account: "13800138000", purpose: "spam" } });
    await refusedAlike("registerByPhone", { body: { phone: "13800138000", code: "12345a", password: PASSWORD } });
    await refusedAlike("registerByPhone", { body: { phone: "13800138000", code: "123456", password: "short" } });
    await refusedAlike("registerByEmail", { body: { email: "not-an-email", code: "123456", password: PASSWORD } });
    await refusedAlike("verifyResetCode", { body: { account: "13800138000", code: "" } });
    await refusedAlike("wechatCallback", { query: { code: "a b", state: "s" } });

    const { token } = (await sharedUser()).login;
    await refusedAlike("bindAccount", { token, body: { type: "qq", account: "1", code: "123456" } });
    await refusedAlike("unbindAccount", { token, body: { type: "qq" } });
    await refusedAlike("updateAccountInfo", { token, body: { gender: "3" } });
    await refusedAlike("changePassword", { token, body: { oldPassword: PASSWORD, newPassword: "short" } });
    await refusedAlike("reauthenticate", { token, body: {} });
    await refusedAlike("reauthenticate", { token, body: { verifyCode: "12ab56" } });
    await refusedAlike("endSession", { token, query: { id: "abc" } });
    await refusedAlike("getFormCaptcha", { query: { mode: "slider" } });
    await refusedAlike("checkCaptcha", { body: { mode: "form", token: "0".repeat(32) } });
  });

  it.skipIf(skip)(
    "favorite folder and favorite-article answers match their schemas; another user's ids are 404",
    async () => {
      const { login } = await registerByPhone();
      const other = await registerByPhone();
      const token = login.token;
      const [defaultFolder] = await conform("listFavoriteFolders", { token });
      expect(defaultFolder).toMatchObject({ isDefault: true, fontCount: 0 });
      const made = await conform("addFavoriteFolder", { token, body: { name: "契约收藏" } });
      await conform("updateFavoriteFolder", { token, query: { id: String(made.id) }, body: { name: "契约收藏二" } });
      await conform("addFavoriteFont", { token, body: { fontGNo: "10001", collectionId: made.id } });
      await conform("addFavoriteFont", { token, body: { fontGNo: "10010" } });
      const detail = await conform("getFavoriteFolderDetail", { token, query: { id: String(made.id) } });
      expect(detail.fontList.map((font) => font.fontGNo)).toEqual(["10001"]);
      await conform("deleteFavoriteFont", { token, body: { fontGNo: "10001", collectionId: made.id } });
      await conform("deleteFavoriteFont", { token, body: { fontGNo: "10010" } });

      const news = await conform("getNewsPage", { query: { size: "1" } });
      await conform("addFavoriteArticle", { token, body: { kind: "news", id: news.records[0]!.id } });
      expect(await conform("listFavoriteArticleIds", { token })).toEqual([{ kind: "news", id: news.records[0]!.id }]);
      const favorites = await conform("listFavoriteArticles", { token, query: { kind: "news" } });
      expect(favorites.total).toBe(1);
      await conform("deleteFavoriteArticle", { token, body: { kind: "news", id: news.records[0]!.id } });

      await refusedAlike("addFavoriteFolder", { token, body: { name: "" } });
      await refusedAlike("addFavoriteFont", { token, body: { fontGNo: "x" } });
      await refusedAlike("addFavoriteArticle", { token, body: { kind: "font", id: 1 } });

      const foreign = other.login.token;
      const id = String(made.id);
      for (const response of [
        await send("getFavoriteFolderDetail", { token: foreign, query: { id } }),
        await send("updateFavoriteFolder", { token: foreign, query: { id }, body: { name: "抢走" } }),
        await send("addFavoriteFont", { token: foreign, body: { fontGNo: "10001", collectionId: made.id } }),
        await send("deleteFavoriteFont", { token: foreign, body: { fontGNo: "10001", collectionId: made.id } }),
        await send("deleteFavoriteFolder", { token: foreign, query: { id } }),
      ]) {
        expect(response.status).toBe(404);
        expect(errorEnvelopeSchema.parse(await response.json())).toMatchObject({ code: "404" });
      }
      await conform("deleteFavoriteFolder", { token, query: { id } });
    },
  );

  it.skipIf(skip)("messages answer their schemas, unread first; another user's message is 404", async () => {
    const { login } = await registerByPhone();
    const token = login.token;
    expect(await conform("countUnreadNotices", { token })).toEqual({
      total: 1,
      byType: { system: 1, security: 0, reply: 0 },
    });
    const all = await conform("listNotices", { token });
    expect(all.records).toMatchObject([{ type: "system", title: "欢迎加入短视频字体", read: false }]);
    const welcome = all.records[0]!;
    expect(await conform("listNotices", { token, query: { type: "security", current: "1", size: "5" } })).toMatchObject(
      { total: 0, records: [] },
    );

    const other = (await sharedUser()).login.token;
    const foreign = await send("readNotice", { token: other, params: { id: String(welcome.id) } });
    expect(foreign.status).toBe(404);
    expect(errorEnvelopeSchema.parse(await foreign.json()).message).toBe("消息不存在");
    expect((await send("readNotice", { token, params: { id: "2147483647" } })).status).toBe(404);
    expect((await send("readNotice", { token, params: { id: "abc" } })).status).toBe(400);
    expect((await send("listNotices", { token, query: { type: "spam" } })).status).toBe(400);
    expect((await conform("countUnreadNotices", { token })).total).toBe(1);

    const read = await conform("readNotice", { token, params: { id: String(welcome.id) } });
    expect(read).toMatchObject({ id: welcome.id, read: true });
    expect((await conform("countUnreadNotices", { token })).total).toBe(0);
    const news = await conform("getMyNews", { token, query: { current: "1", size: "10" } });
    expect(news.records.map((notice) => notice.id)).toEqual([welcome.id]);
  });

  it.skipIf(skip)(
    "a download with a token is in the history, newest first and filtered; without one it is not",
    async () => {
      const { login } = await registerByPhone();
      const token = login.token;
      expect(await conform("getDownloadHistory", { token })).toMatchObject({ total: 0, records: [] });

      const fonts = (await conform("getFontList", { query: { size: "2" } })).records;
      const [first, second] = fonts.map((font) => font.fontGNo);
      for (const gno of [first!, second!]) {
        const response = await send("downloadFont", { token, params: { id: gno } });
        expect(response.status).toBe(200);
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const anonymous = await send("downloadFont", { params: { id: first! } });
      await anonymous.arrayBuffer();

      const history = await conform("getDownloadHistory", { token, query: { current: "1", size: "10" } });
      expect(history.records.map((record) => record.fontGNo)).toEqual([second, first]);
      expect(history.records[0]).toMatchObject({ format: "ttf", fileName: expect.stringMatching(/\.ttf$/) });
      const familyName = history.records[1]!.familyName;
      const filtered = await conform("getDownloadHistory", { token, query: { keyword: familyName } });
      expect(filtered.records.every((record) => record.familyName.includes(familyName))).toBe(true);
      expect(filtered.records.map((record) => record.fontGNo)).toContain(first);
      expect((await conform("getDownloadHistory", { token, query: { keyword: "没有这种字体" } })).total).toBe(0);

      const other = (await sharedUser()).login.token;
      expect(
        (await conform("getDownloadHistory", { token: other })).records.map((record) => record.fontGNo),
      ).not.toContain(second);
    },
  );

  it.skipIf(skip)("variable font answers match their schemas, filtered by axis and category", async () => {
    const all = await conform("getVariableFontList", { query: { size: "3" } });
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.records).toHaveLength(3);
    const wide = await conform("getVariableFontList", { query: { axis: "wdth", category: "latin" } });
    expect(wide.records.map((font) => font.gno)).toEqual(["v6"]);
    const song = await conform("getVariableFontList", { query: { category: "song", current: "1" } });
    expect(
      song.records.every((font) => font.category === "song" && font.axes.some((axis) => axis.tag === "wght")),
    ).toBe(true);
    const font = await conform("getVariableFont", { params: { gno: "v1" } });
    expect(font.instances.map((instance) => instance.name)).toContain("Bold");
    expect((await send("getVariableFont", { params: { gno: "v404" } })).status).toBe(404);
    for (const [name, input, message] of [
      ["getVariableFontList", { query: { category: "cursive" } }, "参数 category 必须是 hei、song、latin 之一"],
      ["getVariableFont", { params: { gno: "10001" } }, "参数 gno 必须是可变字体编号（如 v1）"],
    ] as const) {
      const refused = await send(name, input);
      expect({ status: refused.status, message: ((await refused.json()) as { message: string }).message }).toEqual({
        status: 400,
        message,
      });
    }

    const [subsetItem] = await conform("createVariableSubsets", { body: [{ gno: "v1", text: "可变字体 Aa" }] });
    expect(subsetItem!.files.length).toBeGreaterThan(0);
    expect(subsetItem!.axes.map((axis) => axis.tag)).toEqual(["wght"]);
    await conform("createVariableSubsets", { body: { list: [{ gno: "v6", text: "Flex" }] } });
    await refusedAlike("createVariableSubsets", { body: [] });
  });

  it.skipIf(skip)("album zip answers match their schemas: what the zip holds, then the zip itself", async () => {
    const albums = await conform("getAlbumPage", { query: { size: "1" } });
    const zip = await conform("getAlbumZipUrl", { query: { id: String(albums.records[0]!.id) } });
    await conformFile("downloadAlbumZip", { params: { id: String(zip.id) } }, /^application\/zip$/);
    await conformFile("downloadFamilyZip", { params: { id: "10001" } }, /^application\/zip$/);
  });

  it.skipIf(skip)("submission answers match their schemas: credential, signed upload, submission", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const grant = await conform("getStsToken", {
      query: { contentType: "image/png", size: String(png.length), fileName: "样张.png" },
    });
    const uploaded = await fetch(new URL(grant.uploadUrl, server.origin), {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: png,
    });
    expect(uploaded.status).toBe(200);
    const envelope = successEnvelopeSchema(endpoints.uploadSubmissionFile.data).parse(await uploaded.json());
    expect(envelope.data).toEqual({ key: grant.key, size: png.length });
    conforming.add("uploadSubmissionFile");
    await conform("saveSubmission", {
      body: {
        title: "契约测试投稿",
        kind: "作品",
        description: "用站里的字体做的片头。",
        contact: "contract@example.com",
        ticket: grant.ticket,
        files: [grant.key],
      },
    });
    await refusedAlike("saveSubmission", {
      body: {
        title: "",
        kind: "作品",
        description: "说明",
        contact: "contract@example.com",
        ticket: grant.ticket,
        files: [grant.key],
      },
    });
  });

  it.skipIf(skip)("the local outbox answers its schema to this machine", async () => {
    expect(await conform("getOutbox")).toEqual({ entries: [] });
  });

  it.skipIf(skip)("every endpoint of the contract was called and answered as described", () => {
    const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => !conforming.has(name));
    expect(missing).toEqual([]);
  });

  describe("where the two sides used to count and date differently", () => {
    /** The contract's verdict on a profile change, and the backend's, must be the same. */
    async function sameVerdict(body: Record<string, string>): Promise<void> {
      const { login } = await sharedUser();
      const contract = createUpdateAccountInfoBodySchema().safeParse(body);
      const response = await send("updateAccountInfo", { token: login.token, body });
      const raw = (await response.json()) as { message: string };
      const backendVerdict = response.status === 200 ? "accepted" : `refused: ${raw.message}`;
      const contractVerdict = contract.success ? "accepted" : `refused: ${contract.error.issues[0]!.message}`;
      expect(backendVerdict, JSON.stringify(body).slice(0, 80)).toBe(contractVerdict);
    }

    it.skipIf(skip)(`a nickname is limited to ${NICKNAME_MAX} characters on both sides`, async () => {
      await sameVerdict({ nickname: "字".repeat(NICKNAME_MAX) });
      await sameVerdict({ nickname: "字".repeat(NICKNAME_MAX + 1) });
    });

    it.skipIf(skip)("emoji count as one character in a nickname and a bio on both sides", async () => {
      await sameVerdict({ nickname: FAMILY_EMOJI.repeat(NICKNAME_MAX) });
      await sameVerdict({ bio: `${FAMILY_EMOJI}${"好".repeat(BIO_MAX - 1)}` });
      await sameVerdict({ bio: `${FAMILY_EMOJI}${"好".repeat(BIO_MAX)}` });
    });

    it.skipIf(skip)("a birthday may be today in China and not tomorrow, and reads back unchanged", async () => {
      const today = todayInChina();
      const [year, month, day] = today.split("-").map(Number) as [number, number, number];
      const tomorrow = todayInChina(new Date(Date.UTC(year, month - 1, day, 12) + 24 * 60 * 60 * 1000));
      await sameVerdict({ birthday: today });
      await sameVerdict({ birthday: tomorrow });
      await sameVerdict({ birthday: "2023-02-30" });
      const { login } = await sharedUser();
      const saved = await conform("updateAccountInfo", { token: login.token, body: { birthday: "2000-01-01" } });
      expect(saved.birthday).toBe("2000-01-01");
      expect((await conform("getUserInfo", { token: login.token })).birthday).toBe("2000-01-01");
    });
  });
});
