import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import {
  client,
  movableClock,
  serveAccounts,
  startSmsGateway,
  testConfig,
  type TestApi,
} from "./testing/test-harness.js";

/** UTC+14 and UTC−8/−7: a date read as a local midnight lands on another day in one of them. */
const TIME_ZONES = ["Pacific/Kiritimati", "America/Los_Angeles"];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function inTimeZone<T>(timeZone: string, run: () => Promise<T>): Promise<T> {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

describe.each(TEST_DATABASES)("birthday on $name", (database) => {
  let api: TestApi;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let closeDb: () => Promise<void>;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let call: ReturnType<typeof client>;
  let phoneCounter = 0;

  beforeAll(async () => {
    if (!database.available) return;
    const opened = await database.open();
    dispose = opened.dispose;
    const handle = await openDatabase(
      opened.databaseUrl ? { kind: "postgres", url: opened.databaseUrl } : { kind: "memory" },
    );
    closeDb = handle.close;
    await migrateToLatest(handle.db);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "birthday-test-"));
    sms = await startSmsGateway();
    const config = testConfig({ CAPTCHA: "off", SMS_GATEWAY_URL: sms.url, DATA_DIR: dataDir });
    api = await serveAccounts({ db: handle.db, config, clock: movableClock().clock });
    call = client(api.origin);
  });

  afterAll(async () => {
    if (!database.available) return;
    await api?.close();
    await sms?.close();
    await closeDb?.();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function registerUser(): Promise<{ phone: string; token: string }> {
    const phone = `1360000${String(1000 + ++phoneCounter).slice(-4)}`;
    const before = sms.messages.length;
    const sent = await call("POST", "/web/api/account/sendCode", { account: phone, purpose: "register" });
    expect(sent.body.code, sent.body.message).toBe("200");
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      code = sms.messages.slice(before).find((message) => message.phone === phone)?.code;
      if (!code) await wait(20);
    }
    const registered = await call("POST", "/web/api/account/register/phone", {
      phone,
      code,
      password: "birthday cake",
    });
    expect(registered.body.code, registered.body.message).toBe("200");
    return { phone, token: registered.body.data.token };
  }

  it.skipIf(!database.available).each(TIME_ZONES)(
    "saves 2000-01-01 and reads it back unchanged in %s",
    async (timeZone) => {
      const { phone, token } = await registerUser();
      await inTimeZone(timeZone, async () => {
        const saved = await call("POST", "/web/api/account/update-account-info", { birthday: "2000-01-01" }, { token });
        expect(saved.body.code, saved.body.message).toBe("200");
        expect(saved.body.data.birthday).toBe("2000-01-01");
        const info = await call("GET", "/web/api/account/user-info", undefined, { token });
        expect(info.body.data.birthday).toBe("2000-01-01");
        const login = await call("POST", "/web/api/login", { account: phone, password: "birthday cake" });
        expect(login.body.data.user.birthday).toBe("2000-01-01");
      });
    },
  );

  it.skipIf(!database.available)("reads a birthday saved in one time zone unchanged in another", async () => {
    const { token } = await registerUser();
    await inTimeZone(TIME_ZONES[0], () =>
      call("POST", "/web/api/account/update-account-info", { birthday: "1999-12-31" }, { token }),
    );
    const info = await inTimeZone(TIME_ZONES[1], () => call("GET", "/web/api/account/user-info", undefined, { token }));
    expect(info.body.data.birthday).toBe("1999-12-31");
  });
});
