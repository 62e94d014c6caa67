import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startSmsGateway, testConfig } from "../account/test-harness.js";
import type { Database } from "../db/schema.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import type { CollectionTables } from "./tables.js";

const ALL_FONTS = "/web/api/account/collection/allFont";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)("collection API on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let db: Kysely<Database & CollectionTables>;
  let call: ReturnType<typeof client>;
  let phoneCounter = 0;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "collection-test-"));
    sms = await startSmsGateway();
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    // The whole backend, so the test also covers the module's mounting and migration.
    backend = await createBackend({
      ...options,
      dataDir,
      account: testConfig({ CAPTCHA: "off", SMS_GATEWAY_URL: sms.url, DATA_DIR: dataDir }),
    });
    db = backend.db.withTables<CollectionTables>();
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
      password: "favourite fonts",
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

  it.skipIf(skip)(
    "lists the user's collections with catalogue names, in creation order, and no one else's",
    async () => {
      const alice = await registerUser();
      const bob = await registerUser();
      const [multiWeight, singleWeight] = await twoFonts();

      // Inserted out of order on purpose: the answer follows created_at, not ids or gnos.
      const later = await db
        .insertInto("font_collection")
        .values({ user_id: alice.id, name: "备用<b>收藏</b>", created_at: "2026-01-02T00:00:00Z" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const first = await db
        .insertInto("font_collection")
        .values({ user_id: alice.id, name: "我的收藏", created_at: "2026-01-01T00:00:00Z" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("font_collection_item")
        .values([
          { collection_id: first.id, font_gno: singleWeight, created_at: "2026-01-03T00:00:00Z" },
          { collection_id: first.id, font_gno: multiWeight, created_at: "2026-01-04T00:00:00Z" },
          // A font the catalogue no longer has is left out rather than answered without names.
          { collection_id: later.id, font_gno: "999999999" },
        ])
        .execute();
      const bobs = await db
        .insertInto("font_collection")
        .values({ user_id: bob.id, name: "Bob 的收藏" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("font_collection_item").values({ collection_id: bobs.id, font_gno: multiWeight }).execute();

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
      for (const collection of answer.body.data) {
        for (const font of collection.fontList)
          expect(Object.keys(font).sort()).toEqual(["familyName", "fontGNo", "fontName"]);
      }

      const bobsAnswer = await call("GET", ALL_FONTS, undefined, { token: bob.token });
      expect(bobsAnswer.body.data).toEqual([
        { id: bobs.id, name: "Bob 的收藏", fontList: [await catalogueFont(multiWeight)] },
      ]);
    },
  );

  it.skipIf(skip)("drops a user's collections with the user", async () => {
    const carol = await registerUser();
    const collection = await db
      .insertInto("font_collection")
      .values({ user_id: carol.id, name: "临时" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("font_collection_item").values({ collection_id: collection.id, font_gno: "1" }).execute();
    await backend.db
      .withTables<{ app_user: { id: number } }>()
      .deleteFrom("app_user")
      .where("id", "=", carol.id)
      .execute();
    const left = await db
      .selectFrom("font_collection_item")
      .select("font_gno")
      .where("collection_id", "=", collection.id)
      .execute();
    expect(left).toEqual([]);
  });
});
