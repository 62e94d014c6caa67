import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { MINUTE, openAccountTestBed, until, type AccountTestBed } from "./testing/test-bed.js";

const SENT = { code: "200", message: "success", data: { sent: true, cooldown: 60, expiresIn: 600 } };
const COMMON_PASSWORD = "这个密码太常见，容易被猜中，请换一个";
const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(TEST_DATABASES)("account security on $name", (database) => {
  let bed: AccountTestBed;
  const skip = !database.available;

  beforeAll(async () => {
    if (!database.available) return;
    bed = await openAccountTestBed(database, "3901");
  });

  afterAll(async () => {
    if (!database.available) return;
    await bed?.close();
  });

  /** Status and envelope, what a client can tell two answers apart by. */
  const answer = (response: { status: number; body: unknown }) => ({ status: response.status, body: response.body });

  /** A WeChat-only account, signed in by a first scan. */
  async function wechatUser() {
    const person = { openid: `o_${Math.random().toString(36).slice(2)}`, nickname: "只有微信" };
    const state = (await bed.call("GET", "/web/api/wechat/qr-config")).body.data.state;
    const registered = await bed.call(
      "GET",
      `/web/api/wechat/callback?code=${bed.wechat.issueCode(person)}&state=${state}`,
    );
    expect(registered.body.data.action).toBe("register");
    return { person, token: registered.body.data.token as string };
  }

  describe.skipIf(skip)("re-authentication", () => {
    it("a stolen session cannot bind, unbind or change the password without the password or a fresh code", async () => {
      const { email, password, token } = await bed.registerByEmail();
      const phone = bed.newPhone();
      const before = bed.sms.messages.length;
      expect((await bed.sendCode(phone, "bind", { token })).body).toEqual(SENT);
      const code = await bed.smsCode(phone, before, "bind");

      const withoutProof = await bed.call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "phone", account: phone, code },
        { token },
      );
      expect(answer(withoutProof)).toEqual({
        status: 403,
        body: { code: "403", message: "请输入当前密码或验证码，确认是你本人操作", data: null },
      });
      const wrongPassword = await bed.call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "phone", account: phone, code, currentPassword: "not my password" },
        { token },
      );
      expect(wrongPassword.body).toMatchObject({ code: "400", message: "当前密码不正确" });
      const change = await bed.call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { newPassword: "stolen session pw" },
        { token },
      );
      expect(change.body.message).toBe("请输入原密码");

      // A code sent for `reauth` to the e-mail already bound proves it is the owner; no captcha needed.
      const stranger = await bed.call(
        "POST",
        "/web/api/account/sendCode",
        { account: bed.newEmail(), purpose: "reauth" },
        { token, ip: bed.newIp() },
      );
      expect(stranger.body.message).toBe("验证码只能发送到你已绑定的手机号或邮箱");
      const mailsBefore = bed.smtp.mails.length;
      const sent = await bed.call(
        "POST",
        "/web/api/account/sendCode",
        { account: email, purpose: "reauth" },
        { token, ip: bed.newIp() },
      );
      expect(sent.body).toEqual(SENT);
      const verifyCode = await bed.mailCode(email, mailsBefore);
      expect(bed.smtp.mails.at(-1)!.text).toContain("10 分钟内有效");
      const bound = await bed.call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "phone", account: phone, code, verifyCode },
        { token },
      );
      expect(bound.body.code, bound.body.message).toBe("200");
      expect(bound.body.data.phone).toBe(phone);

      // The proof holds for ten minutes in this session only.
      const other = (await bed.call("POST", "/web/api/login", { account: email, password }, { ip: bed.newIp() })).body
        .data.token as string;
      expect(
        (await bed.call("PUT", "/web/api/account/unbind-account", { type: "email" }, { token: other })).status,
      ).toBe(403);
      const inWindow = await bed.call("PUT", "/web/api/account/unbind-account", { type: "email" }, { token });
      expect(inWindow.body.data).toMatchObject({ email: null, phone });
      bed.time.advance(10 * MINUTE + 1000);
      const afterWindow = await bed.call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "email", account: email, code: "123456" },
        { token },
      );
      expect(afterWindow.status).toBe(403);
      const reauth = await bed.call("POST", "/web/api/account/reauth", { currentPassword: password }, { token });
      expect(reauth.body).toEqual({ code: "200", message: "success", data: { expiresIn: 600 } });
      const empty = await bed.call(
        "POST",
        "/web/api/account/reauth",
        { currentPassword: "", verifyCode: "" },
        { token },
      );
      expect(empty.body).toMatchObject({ code: "400", message: "请输入当前密码或验证码" });
    });

    it("an account without a password proves itself by scanning with its own WeChat", async () => {
      const { person, token } = await wechatUser();
      const setPassword = await bed.call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { newPassword: "first password 1" },
        { token },
      );
      expect(answer(setPassword)).toEqual({
        status: 403,
        body: { code: "403", message: "请先用已绑定的微信扫码，确认是你本人操作", data: null },
      });

      const wrongState = (await bed.call("GET", "/web/api/wechat/qr-config?purpose=reauth", undefined, { token })).body
        .data;
      expect(wrongState.purpose).toBe("reauth");
      const someoneElse = await bed.call(
        "GET",
        `/web/api/wechat/callback?code=${bed.wechat.issueCode({ openid: "o_intruder", nickname: "别人" })}&state=${wrongState.state}`,
        undefined,
        { token },
      );
      expect(someoneElse.body.message).toBe("请使用已绑定的微信扫码");
      const anonymous = await bed.call("GET", "/web/api/wechat/qr-config?purpose=reauth");
      expect(anonymous.status).toBe(401);

      const state = (await bed.call("GET", "/web/api/wechat/qr-config?purpose=reauth", undefined, { token })).body.data
        .state;
      const scanned = await bed.call(
        "GET",
        `/web/api/wechat/callback?code=${bed.wechat.issueCode(person)}&state=${state}`,
        undefined,
        { token },
      );
      expect(scanned.body.data).toMatchObject({
        action: "reauth",
        token: null,
        expired: null,
        user: { wechatBound: true, hasPassword: false },
      });
      const set = await bed.call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { newPassword: "first password 1" },
        { token },
      );
      expect(set.body.code, set.body.message).toBe("200");

      const withPassword = await bed.registerByEmail();
      const noWechat = await bed.call("GET", "/web/api/wechat/qr-config?purpose=reauth", undefined, {
        token: withPassword.token,
      });
      expect(noWechat.body.message).toBe("你还没有绑定微信，请改用密码或验证码确认身份");
    });

    it("a password reset ends every session and lifts the password-login lock", async () => {
      const { email, password, token } = await bed.registerByEmail();
      const second = (await bed.call("POST", "/web/api/login", { account: email, password }, { ip: bed.newIp() })).body
        .data.token;
      // Wrong guesses from 5 clients lock password login for the account everywhere.
      for (let client = 0; client < 5; client++) {
        const ip = bed.newIp();
        for (let i = 0; i < 4; i++)
          await bed.call("POST", "/web/api/login", { account: email, password: `wrong ${client}-${i}` }, { ip });
      }
      const locked = await bed.call("POST", "/web/api/login", { account: email, password }, { ip: bed.newIp() });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(
        /^该账号密码错误次数过多，密码登录已暂停，请 \d+ 分钟后再试，或使用验证码登录、找回密码$/,
      );

      bed.time.advance(61_000);
      const before = bed.smtp.mails.length;
      expect((await bed.sendCode(email, "reset")).body).toEqual(SENT);
      const code = await bed.mailCode(email, before);
      const ticket = (
        await bed.call("POST", "/web/api/account/rest-code-verify", { account: email, code }, { ip: bed.newIp() })
      ).body.data.ticket;
      const reset = await bed.call(
        "PUT",
        "/web/api/account/rest-pwd",
        { ticket, password: "after the reset 1" },
        { ip: bed.newIp() },
      );
      expect(reset.body.code).toBe("200");
      for (const old of [token, second])
        expect((await bed.call("GET", "/web/api/account/user-info", undefined, { token: old })).status).toBe(401);
      expect(
        (
          await bed.call(
            "POST",
            "/web/api/login",
            { account: email, password: "after the reset 1" },
            { ip: bed.newIp() },
          )
        ).body.code,
      ).toBe("200");
    });
  });

  describe.skipIf(skip)("sessions", () => {
    it("lists each signed-in device, marks the current one, and ends any of them", async () => {
      const { email, password, token } = await bed.registerByEmail();
      const chrome = await bed.call(
        "POST",
        "/web/api/login",
        { account: email, password },
        { ip: "10.1.2.3", headers: { "User-Agent": CHROME_ON_WINDOWS } },
      );
      const iphone = await bed.call(
        "POST",
        "/web/api/login",
        { account: email, password },
        { ip: "203.0.113.9", headers: { "User-Agent": SAFARI_ON_IPHONE } },
      );
      const chromeToken = chrome.body.data.token as string;

      const listed = await bed.call("GET", "/web/api/account/sessions", undefined, { token: chromeToken });
      expect(listed.body.code).toBe("200");
      const sessions = listed.body.data as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(3);
      expect(sessions[0]).toMatchObject({ device: "Safari · iOS", ip: "203.0.113.9", place: "未知", current: false });
      expect(sessions[1]).toMatchObject({ device: "Chrome · Windows", ip: "10.1.2.3", place: "局域网", current: true });
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      for (const session of sessions) {
        expect(new Date(String(session.createdAt)).toISOString()).toBe(session.createdAt);
        expect(Date.parse(String(session.lastSeenAt))).toBeGreaterThanOrEqual(Date.parse(String(session.createdAt)));
      }

      // Last seen moves on at most once a minute.
      const seen = () =>
        bed
          .call("GET", "/web/api/account/sessions", undefined, { token: chromeToken })
          .then((r) => r.body.data.find((s: { current: boolean }) => s.current).lastSeenAt);
      const first = await seen();
      bed.time.advance(30_000);
      expect(await seen()).toBe(first);
      bed.time.advance(31_000);
      expect(Date.parse(await seen())).toBeGreaterThan(Date.parse(first));

      const iphoneId = sessions[0]!.id;
      const stranger = await bed.registerByEmail();
      const notTheirs = await bed.call("DELETE", `/web/api/account/sessions?id=${iphoneId}`, undefined, {
        token: stranger.token,
      });
      expect(answer(notTheirs)).toEqual({
        status: 404,
        body: { code: "404", message: "该设备已退出或不存在", data: null },
      });
      const badId = await bed.call("DELETE", "/web/api/account/sessions?id=abc", undefined, { token });
      expect(badId.body).toMatchObject({ code: "400", message: "会话编号不正确" });
      const ended = await bed.call("DELETE", `/web/api/account/sessions?id=${iphoneId}`, undefined, { token });
      expect(ended.body).toEqual({ code: "200", message: "success", data: null });
      expect(
        (await bed.call("GET", "/web/api/account/user-info", undefined, { token: iphone.body.data.token })).status,
      ).toBe(401);
      const again = await bed.call("DELETE", `/web/api/account/sessions?id=${iphoneId}`, undefined, { token });
      expect(again.status).toBe(404);
      expect((await bed.call("GET", "/web/api/account/sessions", undefined, { token })).body.data).toHaveLength(2);
    });
  });

  describe.skipIf(skip)("answers that do not tell whether an account exists", () => {
    it("register: the same answers for a taken and a free phone; the owner is told by SMS", async () => {
      const { phone: taken } = await bed.registerByPhone();
      bed.time.advance(61_000);
      const free = bed.newPhone();
      const before = bed.sms.messages.length;
      const [forTaken, forFree] = [await bed.sendCode(taken, "register"), await bed.sendCode(free, "register")];
      expect(answer(forTaken)).toEqual(answer(forFree));
      const notice = await until(() => bed.sms.messages.slice(before).find((m) => m.phone === taken), "notice");
      expect(notice.text).toContain("有人尝试用你的手机号注册");
      expect(notice.code).toBeUndefined();
      await bed.smsCode(free, before, "register");
      const guess = (phone: string) =>
        bed.call(
          "POST",
          "/web/api/account/register/phone",
          { phone, code: "000000", password: "some long password" },
          { ip: bed.newIp() },
        );
      expect(answer(await guess(taken))).toEqual(answer(await guess(free)));
    });

    it("forgotten password and SMS login: the same answers for a known and an unknown account", async () => {
      const { phone: known } = await bed.registerByPhone();
      bed.time.advance(61_000);
      const unknown = bed.newPhone();
      for (const [purpose, path] of [
        ["reset", "/web/api/account/rest-code-verify"],
        ["login", "/web/api/sms-login"],
      ] as const) {
        expect(answer(await bed.sendCode(known, purpose))).toEqual(answer(await bed.sendCode(unknown, purpose)));
        const guess = (phone: string) =>
          bed.call("POST", path, purpose === "reset" ? { account: phone, code: "000000" } : { phone, code: "000000" }, {
            ip: bed.newIp(),
          });
        const [first, second] = [await guess(known), await guess(unknown)];
        expect(answer(first)).toEqual(answer(second));
        expect(first.body.message).toMatch(/^验证码错误/);
      }
    });

    it("bind: the same answers for a phone another account has and a free one; the owner is told", async () => {
      const { phone: taken } = await bed.registerByPhone();
      const { token, password } = await bed.registerByEmail();
      bed.time.advance(61_000);
      const free = bed.newPhone();
      const before = bed.sms.messages.length;
      expect(answer(await bed.sendCode(taken, "bind", { token }))).toEqual(
        answer(await bed.sendCode(free, "bind", { token })),
      );
      const notice = await until(() => bed.sms.messages.slice(before).find((m) => m.phone === taken), "notice");
      expect(notice.notice).toBe("bind-taken");
      const bind = (phone: string) =>
        bed.call(
          "PUT",
          "/web/api/account/bind-account",
          { type: "phone", account: phone, code: "000000", currentPassword: password },
          { token },
        );
      expect(answer(await bind(taken))).toEqual(answer(await bind(free)));
    });

    it("password login: an unknown account takes as long as a wrong password (a dummy hash is checked)", async () => {
      const { email } = await bed.registerByEmail();
      const timed = async (account: string) => {
        const started = performance.now();
        const response = await bed.call(
          "POST",
          "/web/api/login",
          { account, password: "not the password" },
          { ip: bed.newIp() },
        );
        return { ms: performance.now() - started, response };
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        const a = await timed(email);
        const b = await timed(bed.newEmail());
        expect(answer(a.response)).toEqual(answer(b.response));
        known.push(a.ms);
        unknown.push(b.ms);
      }
      const median = (values: number[]) => values.sort((x, y) => x - y)[1]!;
      // scrypt dominates both; without the dummy hash the unknown account would answer many times faster.
      expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    });
  });

  describe.skipIf(skip)("limits that hold under parallel requests", () => {
    it("a burst of 20 wrong passwords for one account gets 5 evaluated", async () => {
      const { email } = await bed.registerByEmail();
      const ip = bed.newIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bed.call("POST", "/web/api/login", { account: email, password: `guess number ${i}` }, { ip }),
        ),
      );
      const evaluated = answers.filter((a) => a.body.message === "账号或密码错误");
      const refused = answers.filter((a) => a.status === 429);
      expect(evaluated).toHaveLength(5);
      expect(refused).toHaveLength(15);
      expect(refused[0]!.body.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    });

    it("a burst of 20 guesses at a code gets 5 compared", async () => {
      const phone = bed.newPhone();
      const before = bed.sms.messages.length;
      await bed.sendCode(phone, "register");
      const code = await bed.smsCode(phone, before);
      const wrong = code === "000000" ? "111111" : "000000";
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          bed.call(
            "POST",
            "/web/api/account/register/phone",
            { phone, code: wrong, password: "a good long one" },
            { ip: bed.newIp() },
          ),
        ),
      );
      const compared = answers.filter((a) => /^验证码错误(，还可尝试|次数过多)/.test(a.body.message));
      expect(compared).toHaveLength(5);
      const late = await bed.call(
        "POST",
        "/web/api/account/register/phone",
        { phone, code, password: "a good long one" },
        { ip: bed.newIp() },
      );
      expect(late.body.message).toBe("验证码错误或已失效，请重新获取");
    });

    it("a burst of 20 wrong current passwords gets 5 checked", async () => {
      const { token } = await bed.registerByEmail();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bed.call("POST", "/web/api/account/reauth", { currentPassword: `guess ${i} pw` }, { token }),
        ),
      );
      expect(answers.filter((a) => a.body.message === "当前密码不正确")).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    });

    it("an attacker's lock does not keep the owner out: code login still works", async () => {
      const { phone, password } = await bed.registerByPhone();
      for (let client = 0; client < 5; client++) {
        const ip = bed.newIp();
        await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            bed.call("POST", "/web/api/login", { account: phone, password: `x${client}${i}-wrong` }, { ip }),
          ),
        );
      }
      expect((await bed.call("POST", "/web/api/login", { account: phone, password }, { ip: bed.newIp() })).status).toBe(
        429,
      );
      bed.time.advance(61_000);
      const before = bed.sms.messages.length;
      expect((await bed.sendCode(phone, "login")).body).toEqual(SENT);
      const code = await bed.smsCode(phone, before, "login");
      const byCode = await bed.call("POST", "/web/api/sms-login", { phone, code }, { ip: bed.newIp() });
      expect(byCode.body.code).toBe("200");
      // Having proved control by code, the owner may use the password again.
      expect(
        (await bed.call("POST", "/web/api/login", { account: phone, password }, { ip: bed.newIp() })).body.code,
      ).toBe("200");
    });
  });

  describe.skipIf(skip)("the captcha without JavaScript", () => {
    it("lets at most 1 in 100 blind guesses through (1000 tries)", async () => {
      // The picture has 10 000 possible answers. Were it as weak as 1 in 100, passes would follow
      // Binomial(1000, 0.01): mean 10, and more than 25 with a probability below 1 in 100 000.
      let passed = 0;
      for (let batch = 0; batch < 10; batch++) {
        const ip = bed.newIp();
        const results = await Promise.all(
          Array.from({ length: 100 }, async () => {
            const challenge = await bed.call("GET", "/captcha/get?mode=form", undefined, { ip });
            const guess = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
            const checked = await bed.call(
              "POST",
              "/captcha/check",
              { mode: "form", token: challenge.body.data.token, answer: guess },
              { ip },
            );
            return checked.body.code === "200";
          }),
        );
        passed += results.filter(Boolean).length;
      }
      expect(passed).toBeLessThanOrEqual(25);
    });
  });

  describe.skipIf(skip)("common passwords", () => {
    it("are refused on register, reset and change with a clear message; the code stays usable", async () => {
      const email = bed.newEmail();
      const before = bed.smtp.mails.length;
      await bed.sendCode(email, "register");
      const code = await bed.mailCode(email, before);
      const common = await bed.call(
        "POST",
        "/web/api/account/register/email",
        { email, code, password: "Password1" },
        { ip: bed.newIp() },
      );
      expect(answer(common)).toEqual({ status: 400, body: { code: "400", message: COMMON_PASSWORD, data: null } });
      const good = await bed.call(
        "POST",
        "/web/api/account/register/email",
        { email, code, password: "plum tree at dusk" },
        { ip: bed.newIp() },
      );
      expect(good.body.code).toBe("200");
      const token = good.body.data.token;

      const change = await bed.call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { oldPassword: "plum tree at dusk", newPassword: "iloveyou" },
        { token },
      );
      expect(change.body.message).toBe(COMMON_PASSWORD);

      bed.time.advance(61_000);
      const mails = bed.smtp.mails.length;
      await bed.sendCode(email, "reset");
      const resetCode = await bed.mailCode(email, mails);
      const ticket = (
        await bed.call(
          "POST",
          "/web/api/account/rest-code-verify",
          { account: email, code: resetCode },
          { ip: bed.newIp() },
        )
      ).body.data.ticket;
      const reset = await bed.call(
        "PUT",
        "/web/api/account/rest-pwd",
        { ticket, password: "12345678" },
        { ip: bed.newIp() },
      );
      expect(reset.body.message).toBe(COMMON_PASSWORD);
      expect(
        (
          await bed.call(
            "PUT",
            "/web/api/account/rest-pwd",
            { ticket, password: "quiet harbour 9" },
            { ip: bed.newIp() },
          )
        ).body.code,
      ).toBe("200");
    });
  });

  describe.skipIf(skip)("concurrent writes to one account", () => {
    it("two password changes at once: one succeeds, the other answers 409", async () => {
      const { email, password, token } = await bed.registerByEmail();
      const [first, second] = await Promise.all(
        ["first new password", "second new password"].map((newPassword) =>
          bed.call("PUT", "/web/api/account/update-account-pwd", { oldPassword: password, newPassword }, { token }),
        ),
      );
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const conflict = first.status === 409 ? first : second;
      expect(conflict.body).toEqual({ code: "409", message: "操作冲突，请重试", data: null });
      const winner = first.status === 200 ? "first new password" : "second new password";
      expect(
        (await bed.call("POST", "/web/api/login", { account: email, password: winner }, { ip: bed.newIp() })).body.code,
      ).toBe("200");
    });

    it("a replaced avatar's file is deleted, also when two uploads race", async () => {
      const { token } = await bed.registerByEmail();
      const upload = async (colour: string) => {
        const form = new FormData();
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
          .png()
          .toBuffer();
        form.append("avatar", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
        return bed.call("POST", "/web/api/account/update-account-info", form, { token });
      };
      const avatars = async () =>
        (await fs.readdir(path.join(bed.dataDir, "uploads", "avatars"))).filter((name) => !name.startsWith("."));
      const first = await upload("#ff0000");
      const firstFile = String(first.body.data.avatar).split("/").pop()!;
      expect(await avatars()).toContain(firstFile);
      const [a, b] = await Promise.all([upload("#00ff00"), upload("#0000ff")]);
      // Overlapping changes: one is refused (409). On a busy machine the second may only start once the
      // first is saved, and then both are accepted one after the other; never a lost or mixed write.
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual([a.status, b.status].sort());
      const info = await bed.call("GET", "/web/api/account/user-info", undefined, { token });
      const winner = String(info.body.data.avatar).split("/").pop();
      const accepted = [a, b].filter((answer) => answer.status === 200);
      expect(accepted.map((answer) => String(answer.body.data.avatar).split("/").pop())).toContain(winner);
      // Only the current picture is left: every replaced one and a refused upload's were deleted.
      expect(await avatars()).toEqual([winner]);
      expect(info.body.data.avatar).toBe(`/web/api/account/avatar/${winner}`);
    });
  });
});
