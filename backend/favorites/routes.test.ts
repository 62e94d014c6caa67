import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startSmsGateway, testConfig } from "../account/testing/test-harness.js";
import type { Database } from "../db/schema.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import { createBackend, type Backend } from "../index.js";
import type { FavoriteTables } from "./tables.js";

const ALL_FONTS = "/web/api/account/collection/allFont";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)("favorite folder API on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let db: Kysely<Database & FavoriteTables>;
  let call: ReturnType<typeof client>;
  let phoneCounter = 0;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "favorite-folder-test-"));
    sms = await startSmsGateway();
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    // The whole backend, so the test also covers the module's mounting and migration.
    backend = await createBackend({
      ...options,
      dataDir,
      account: testConfig({ CAPTCHA: "off", SMS_GATEWAY_URL: sms.url, DATA_DIR: dataDir }),
    });
    db = backend.db.withTables<FavoriteTables>();
    server = await serveRouter(backend.router);
    call = client(server.origin);
  });

  afterAll(async () => {
    if (!database.available) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await sms?.close();
    await backend?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Registers a new user by phone through the account API and returns its id and token. */
  async function registerUser(): Promise<{ id: number; token: string }> {
    const phone = `1370000${String(1000 + ++phoneCounter).slice(-4)}`;
    const before = sms.messages.length;
    const sent = await call("POST", "/web/api/account/sendCode", { account: phone, purpose: "register" });
    expect(sent.body.code, sent.body.message).toBe("200");
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      code = sms.messages.slice(before).find((message) => message.phone === phone)?.code;
      if (!code) await wait(20);
    }
    expect(code).toMatch(/^\d{6}$/);
    const registered = await call("POST", "/web/api/account/register/phone", {
      phone,
      code,
      password: "favorite fonts",
    });
    expect(registered.body.code, registered.body.message).toBe("200");
    return { id: Number(registered.body.data.user.id), token: registered.body.data.token as string };
  }

  /** The catalogue's own view of a font, as the oracle for names. */
  async function catalogueFont(gno: string): Promise<{ fontGNo: string; familyName: string; fontName: string }> {
    const detail = await call("GET", `/web/api/font/getFontDetail?fontGNo=${gno}`);
    expect(detail.body.code).toBe("200");
    const { fontGNo, familyName, fontName } = detail.body.data;
    return { fontGNo, familyName, fontName };
  }

  /** One font of a family with several weights and one of a single-weight family, when seeded. */
  async function twoFonts(): Promise<[string, string]> {
    const rows = await backend.db
      .selectFrom("font")
      .select(["gno", "family_id"])
      .orderBy("family_id")
      .orderBy("gno")
      .execute();
    const sizes = new Map<number, number>();
    for (const row of rows) sizes.set(row.family_id, (sizes.get(row.family_id) ?? 0) + 1);
    const multi = rows.find((row) => sizes.get(row.family_id)! > 1) ?? rows[0];
    const other =
      rows.find((row) => row.family_id !== multi.family_id && sizes.get(row.family_id) === 1) ??
      rows.find((row) => row.family_id !== multi.family_id);
    expect(multi && other, "the seeded catalogue has at least two families").toBeTruthy();
    return [multi.gno, other!.gno];
  }

  const skip = !database.available;

  it.skipIf(skip)("refuses anonymous and forged tokens with 401 S00106", async () => {
    const anonymous = await call("GET", ALL_FONTS);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: "S00106", message: "登录已过期，请重新登录", data: null });

    const forged = await call("GET", ALL_FONTS, undefined, { token: "A".repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("S00106");
  });

  it.skipIf(skip)("gives a new user an empty list, not cached", async () => {
    const { token } = await registerUser();
    const answer = await call<unknown[]>("GET", ALL_FONTS, undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: "200", message: "success", data: [] });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it.skipIf(skip)("lists the user's folders with catalogue names, in creation order, and no one else's", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [multiWeight, singleWeight] = await twoFonts();

    // Inserted out of order on purpose: the answer follows created_at, not ids or gnos.
    const later = await db
      .insertInto("favorite_folder")
      .values({ user_id: alice.id, name: "备用<b>收藏</b>", created_at: "2026-01-02T00:00:00Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const first = await db
      .insertInto("favorite_folder")
      .values({ user_id: alice.id, name: "我的收藏", created_at: "2026-01-01T00:00:00Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("favorite_font")
      .values([
        { folder_id: first.id, font_gno: singleWeight, created_at: "2026-01-03T00:00:00Z" },
        { folder_id: first.id, font_gno: multiWeight, created_at: "2026-01-04T00:00:00Z" },
        // A font the catalogue no longer has is left out rather than answered without names.
        { folder_id: later.id, font_gno: "999999999" },
      ])
      .execute();
    const bobs = await db
      .insertInto("favorite_folder")
      .values({ user_id: bob.id, name: "Bob 的收藏" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("favorite_font").values({ folder_id: bobs.id, font_gno: multiWeight }).execute();

    const answer = await call("GET", ALL_FONTS, undefined, { token: alice.token, tokenHeader: "token" });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe("200");
    expect(answer.body.data).toEqual([
      {
        id: first.id,
        name: "我的收藏",
        fontList: [await catalogueFont(singleWeight), await catalogueFont(multiWeight)],
      },
      { id: later.id, name: "备用<b>收藏</b>", fontList: [] },
    ]);
    // Both naming rules are exercised: "family weight" for a multi-weight family, the family alone otherwise.
    const [single, multi] = answer.body.data[0].fontList;
    expect(multi.fontName).toMatch(new RegExp(`^${multi.familyName} \\S+$`));
    expect(single.fontName).toBe(single.familyName);
    for (const folder of answer.body.data) {
      for (const font of folder.fontList)
        expect(Object.keys(font).sort()).toEqual(["familyName", "fontGNo", "fontName"]);
    }

    const bobsAnswer = await call("GET", ALL_FONTS, undefined, { token: bob.token });
    expect(bobsAnswer.body.data).toEqual([
      { id: bobs.id, name: "Bob 的收藏", fontList: [await catalogueFont(multiWeight)] },
    ]);
  });

  it.skipIf(skip)("drops a user's folders with the user", async () => {
    const carol = await registerUser();
    const folder = await db
      .insertInto("favorite_folder")
      .values({ user_id: carol.id, name: "临时" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("favorite_font").values({ folder_id: folder.id, font_gno: "1" }).execute();
    await backend.db
      .withTables<{ app_user: { id: number } }>()
      .deleteFrom("app_user")
      .where("id", "=", carol.id)
      .execute();
    const left = await db.selectFrom("favorite_font").select("font_gno").where("folder_id", "=", folder.id).execute();
    expect(left).toEqual([]);
  });

  const C = "/web/api/account/collection";
  const A = "/web/api/account/favorite-article";

  it.skipIf(skip)("makes one default folder on the first list, which cannot be deleted", async () => {
    const { token } = await registerUser();
    const [first, second] = await Promise.all([
      call("GET", `${C}/list`, undefined, { token }),
      call("GET", `${C}/list`, undefined, { token }),
    ]);
    expect(first.body.code, first.body.message).toBe("200");
    expect(second.body.data).toEqual(first.body.data);
    expect(first.body.data).toEqual([
      { id: expect.any(Number), name: "默认收藏夹", isDefault: true, fontCount: 0, createdAt: expect.any(String) },
    ]);
    const defaultId = first.body.data[0].id;
    const refused = await call("DELETE", `${C}/delete?id=${defaultId}`, undefined, { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: "400", message: "默认收藏夹不能删除", data: null });
    // It can be renamed, and stays the default one.
    const renamed = await call("PUT", `${C}/update?id=${defaultId}`, { name: "  常用  " }, { token });
    expect(renamed.body.data).toMatchObject({ id: defaultId, name: "常用", isDefault: true });
  });

  it.skipIf(skip)("creates, renames and deletes folders with checked, unique names", async () => {
    const { token } = await registerUser();
    const made = await call("POST", `${C}/add`, { name: "标题字" }, { token });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: "标题字", isDefault: false, fontCount: 0 });
    const list = await call("GET", `${C}/list`, undefined, { token });
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(["默认收藏夹", "标题字"]);

    for (const [name, message] of [
      ["", "请输入收藏夹名称"],
      ["   ", "请输入收藏夹名称"],
      ["字".repeat(21), "收藏夹名称最多 20 个字"],
      ["a\u0007b", "收藏夹名称不能包含控制字符"],
      [42, "请输入收藏夹名称"],
      ["标题字", "已有同名收藏夹"],
    ] as const) {
      const answer = await call("POST", `${C}/add`, { name }, { token });
      expect({ status: answer.status, body: answer.body }, String(name)).toEqual({
        status: 400,
        body: { code: "400", message, data: null },
      });
    }
    expect((await call("POST", `${C}/add`, { name: "字".repeat(20) }, { token })).status).toBe(200);

    const id = made.body.data.id;
    const taken = await call("PUT", `${C}/update?id=${id}`, { name: "默认收藏夹" }, { token });
    expect(taken.body.message).toBe("已有同名收藏夹");
    const renamed = await call("PUT", `${C}/update?id=${id}`, { name: "封面字" }, { token });
    expect(renamed.body.data).toMatchObject({ id, name: "封面字" });
    const badId = await call("PUT", `${C}/update?id=abc`, { name: "x" }, { token });
    expect(badId.body).toEqual({ code: "400", message: "参数 id 必须是正整数", data: null });

    const deleted = await call("DELETE", `${C}/delete?id=${id}`, undefined, { token });
    expect(deleted.body).toEqual({ code: "200", message: "success", data: null });
    const again = await call("DELETE", `${C}/delete?id=${id}`, undefined, { token });
    expect(again.status).toBe(404);
    expect((await call("GET", `${C}/list`, undefined, { token })).body.data).toHaveLength(2);
  });

  it.skipIf(skip)("caps the folders a user keeps", async () => {
    const { token } = await registerUser();
    for (let i = 1; i < 20; i++) {
      const answer = await call("POST", `${C}/add`, { name: `收藏夹${i}` }, { token });
      expect(answer.body.code, answer.body.message).toBe("200");
    }
    const over = await call("POST", `${C}/add`, { name: "第二十一个" }, { token });
    expect(over.body).toEqual({ code: "400", message: "最多创建 20 个收藏夹", data: null });
  });

  it.skipIf(skip)("adds and removes fonts, shows them with previews, and keeps each font once", async () => {
    const { token } = await registerUser();
    const [multiWeight, singleWeight] = await twoFonts();
    const intoDefault = await call("POST", `${C}/addFont`, { fontGNo: multiWeight }, { token });
    expect(intoDefault.body.data).toMatchObject({ name: "默认收藏夹", isDefault: true, fontCount: 1 });
    const twice = await call("POST", `${C}/addFont`, { fontGNo: multiWeight }, { token });
    expect(twice.body.data.fontCount).toBe(1);
    const other = (await call("POST", `${C}/add`, { name: "备选" }, { token })).body.data;
    await call("POST", `${C}/addFont`, { fontGNo: singleWeight, collectionId: other.id }, { token });
    await call("POST", `${C}/addFont`, { fontGNo: multiWeight, collectionId: other.id }, { token });

    const unknown = await call("POST", `${C}/addFont`, { fontGNo: "999999999" }, { token });
    expect(unknown.body).toEqual({ code: "404", message: "字体不存在", data: null });
    const malformed = await call("POST", `${C}/addFont`, { fontGNo: "abc" }, { token });
    expect(malformed.body).toEqual({ code: "400", message: "字体编号不正确", data: null });
    const badFolder = await call("POST", `${C}/addFont`, { fontGNo: multiWeight, collectionId: "1" }, { token });
    expect(badFolder.body.message).toBe("收藏夹编号不正确");

    const detail = await call("GET", `${C}/getDetail?id=${other.id}`, undefined, { token });
    expect(detail.body.data).toMatchObject({ id: other.id, name: "备选", fontCount: 2 });
    expect(detail.body.data.fontList.map((font: { fontGNo: string }) => font.fontGNo).sort()).toEqual(
      [multiWeight, singleWeight].sort(),
    );
    const named = await catalogueFont(singleWeight);
    expect(detail.body.data.fontList.find((font: { fontGNo: string }) => font.fontGNo === singleWeight)).toMatchObject({
      ...named,
      webFontFamily: `A${singleWeight}`,
      addedAt: expect.any(String),
    });

    // Out of one folder, then out of all of them.
    await call("POST", `${C}/deleteFont`, { fontGNo: multiWeight, collectionId: other.id }, { token });
    let all = (await call("GET", ALL_FONTS, undefined, { token })).body.data;
    expect(all.map((c: { fontList: unknown[] }) => c.fontList.length)).toEqual([1, 1]);
    const removed = await call("POST", `${C}/deleteFont`, { fontGNo: multiWeight }, { token });
    expect(removed.body).toEqual({ code: "200", message: "success", data: null });
    all = (await call("GET", ALL_FONTS, undefined, { token })).body.data;
    expect(all.map((c: { fontList: Array<{ fontGNo: string }> }) => c.fontList.map((f) => f.fontGNo))).toEqual([
      [],
      [singleWeight],
    ]);
  });

  it.skipIf(skip)("answers 404 for another user's folder, whatever the call", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [font] = await twoFonts();
    const alices = (await call("POST", `${C}/add`, { name: "私藏" }, { token: alice.token })).body.data;
    await call("POST", `${C}/addFont`, { fontGNo: font, collectionId: alices.id }, { token: alice.token });
    const notFound = { code: "404", message: "收藏夹不存在", data: null };
    const token = bob.token;
    for (const answer of [
      await call("GET", `${C}/getDetail?id=${alices.id}`, undefined, { token }),
      await call("PUT", `${C}/update?id=${alices.id}`, { name: "抢走" }, { token }),
      await call("DELETE", `${C}/delete?id=${alices.id}`, undefined, { token }),
      await call("POST", `${C}/addFont`, { fontGNo: font, collectionId: alices.id }, { token }),
      await call("POST", `${C}/deleteFont`, { fontGNo: font, collectionId: alices.id }, { token }),
    ]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: notFound });
    }
    // Bob removing the font from all of his folders leaves Alice's alone.
    await call("POST", `${C}/deleteFont`, { fontGNo: font }, { token });
    const detail = await call("GET", `${C}/getDetail?id=${alices.id}`, undefined, { token: alice.token });
    expect(detail.body.data).toMatchObject({ name: "私藏", fontCount: 1 });
  });

  it.skipIf(skip)("keeps favorite articles of every kind, newest first, and forgets unknown ones", async () => {
    const { token } = await registerUser();
    const contentDb = backend.db.withTables<{
      news_article: { id: number; published_at: Date };
      video: { id: number };
      baike_entry: { id: number };
    }>();
    const news = await contentDb
      .selectFrom("news_article")
      .select(["id", "published_at"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const video = await contentDb.selectFrom("video").select("id").orderBy("id").executeTakeFirstOrThrow();
    const baike = await contentDb.selectFrom("baike_entry").select("id").orderBy("id").executeTakeFirstOrThrow();

    for (const body of [
      { kind: "news", id: news.id },
      { kind: "video", id: video.id },
      { kind: "baike", id: baike.id },
      { kind: "news", id: news.id },
    ]) {
      const answer = await call("POST", `${A}/add`, body, { token });
      expect(answer.body, JSON.stringify(body)).toEqual({ code: "200", message: "success", data: null });
      await wait(5);
    }
    const unknown = await call("POST", `${A}/add`, { kind: "news", id: 99999999 }, { token });
    expect(unknown.body).toEqual({ code: "404", message: "文章不存在", data: null });
    const badKind = await call("POST", `${A}/add`, { kind: "font", id: 1 }, { token });
    expect(badKind.body.message).toBe("文章类型必须是 news、baike、case、video、album 之一");

    const ids = await call("GET", `${A}/allIds`, undefined, { token });
    expect(ids.body.data).toEqual([
      { kind: "baike", id: baike.id },
      { kind: "video", id: video.id },
      { kind: "news", id: news.id },
    ]);
    const page = await call("GET", `${A}/list?size=2`, undefined, { token });
    expect(page.body.data).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(page.body.data.records.map((r: { kind: string }) => r.kind)).toEqual(["baike", "video"]);
    const onlyNews = await call("GET", `${A}/list?kind=news`, undefined, { token });
    expect(onlyNews.body.data.records).toEqual([
      {
        kind: "news",
        id: news.id,
        title: expect.any(String),
        summary: expect.any(String),
        publishedAt: new Date(news.published_at).toISOString(),
        favoritedAt: expect.any(String),
        path: `/news/${news.id}`,
      },
    ]);
    const badQuery = await call("GET", `${A}/list?kind=font`, undefined, { token });
    expect(badQuery.body.message).toBe("参数 kind 必须是 news、baike、case、video、album 之一");

    await call("POST", `${A}/delete`, { kind: "video", id: video.id }, { token });
    const removedTwice = await call("POST", `${A}/delete`, { kind: "video", id: video.id }, { token });
    expect(removedTwice.body.code).toBe("200");
    expect((await call("GET", `${A}/allIds`, undefined, { token })).body.data).toEqual([
      { kind: "baike", id: baike.id },
      { kind: "news", id: news.id },
    ]);

    // Another user sees none of them.
    const other = await registerUser();
    expect((await call("GET", `${A}/allIds`, undefined, { token: other.token })).body.data).toEqual([]);
  });
});
