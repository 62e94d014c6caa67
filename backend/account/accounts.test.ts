import type { AnyDatabase } from "../db/schema.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { createCodeDelivery } from "../mail/index.js";
import { isLoopbackAddress, Outbox } from "../mail/outbox.js";
import { codeChannelsNotice, readAccountConfig } from "./index.js";
import { aesEcb, MINUTE, openAccountTestBed, until, wait, type AccountTestBed } from "./testing/test-bed.js";
import type { CallOptions } from "./testing/test-harness.js";

const EVIL = `'); DROP TABLE app_user; -- <script>alert("x")</script><img src=x onerror=alert(1)>`;

describe("readAccountConfig", () => {
  it("refuses CAPTCHA=off in production with a Chinese message", () => {
    expect(() => readAccountConfig({ NODE_ENV: "production", CAPTCHA: "off" })).toThrow(/生产环境.*不允许关闭验证码/);
    expect(readAccountConfig({ NODE_ENV: "test", CAPTCHA: "off" }).captchaEnabled).toBe(false);
  });

  it("has defaults and validates URLs", () => {
    const config = readAccountConfig({ NODE_ENV: "production" });
    expect(config).toMatchObject({
      captchaEnabled: true,
      nodeEnv: "production",
      wechatApiBase: "https://api.weixin.qq.com",
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(() => readAccountConfig({ NODE_ENV: "test", SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
    expect(() => readAccountConfig({ NODE_ENV: "test", WECHAT_APPID: "wx1" })).toThrow(/WECHAT_SECRET/);
  });

  it("says at start where the codes of a channel without configuration go", () => {
    const none = readAccountConfig({ NODE_ENV: "production" });
    expect(codeChannelsNotice(none, "http://localhost:3000/outbox")).toMatch(
      /^未配置 SMTP_URL（邮箱验证码）、SMS_GATEWAY_URL（短信验证码）：.*本机收件箱 http:\/\/localhost:3000\/outbox/,
    );
    expect(codeChannelsNotice(none)).toMatch(/无法发送/);
    const both = readAccountConfig({ NODE_ENV: "production", SMTP_URL: "smtp://h", SMS_GATEWAY_URL: "https://s/x" });
    expect(codeChannelsNotice(both, "http://localhost:3000/outbox")).toBeNull();
  });

  it("has no code channel without configuration and without an outbox, in any mode", () => {
    const delivery = createCodeDelivery({ smtpFrom: "x@y.com" });
    expect(delivery.destination("email", false)).toBeNull();
    expect(delivery.destination("phone", true)).toBeNull();
  });

  it("keeps an unconfigured channel's codes in the outbox for a client on this machine only", async () => {
    const outbox = new Outbox(10 * MINUTE, 3);
    const delivery = createCodeDelivery({ smtpFrom: "x@y.com", outbox });
    expect(delivery.destination("email", true)).toBe("outbox");
    expect(delivery.destination("email", false)).toBeNull();
    const configured = createCodeDelivery({ smtpFrom: "x@y.com", smtpUrl: "smtp://h", outbox });
    expect(configured.destination("email", true)).toBe("channel");
    expect(configured.destination("phone", true)).toBe("outbox");

    const start = new Date("2026-12-02T01:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const sending = (target: string, minutes: number) =>
      ({ channel: "email", target, purpose: "register", destination: "outbox", now: at(minutes) }) as const;
    await delivery.send(sending("a@example.com", 0), "111111");
    await delivery.notify(sending("b@example.com", 1), "register-taken");
    await delivery.send(sending("c@example.com", 2), "333333");
    await delivery.send(sending("d@example.com", 3), "444444");
    // Newest first, three at most, a notice without a code.
    expect(outbox.list(at(4))).toEqual([
      expect.objectContaining({ target: "d@example.com", code: "444444", notice: null }),
      expect.objectContaining({ target: "c@example.com", code: "333333" }),
      expect.objectContaining({
        target: "b@example.com",
        code: null,
        notice: expect.stringMatching(/已经注册过了/),
        sentAt: at(1).toISOString(),
        expiresAt: at(11).toISOString(),
      }),
    ]);
    // Each leaves when its code expires.
    expect(outbox.list(at(12.5)).map((entry) => entry.target)).toEqual(["d@example.com"]);
    expect(outbox.list(at(13))).toEqual([]);
  });

  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["::ffff:192.168.1.2", false],
    ["2001:db8::1", false],
    ["localhost", false],
    ["", false],
  ])("counts %s as this machine: %s", (address, local) => {
    expect(isLoopbackAddress(address)).toBe(local);
  });
});

describe.each(TEST_DATABASES)("account API on $name", (database) => {
  let bed: AccountTestBed;
  let db: AnyDatabase;
  let smtp: AccountTestBed["smtp"];
  let sms: AccountTestBed["sms"];
  let wechat: AccountTestBed["wechat"];
  let api: AccountTestBed["api"];
  let call: AccountTestBed["call"];
  let callPlain: AccountTestBed["callPlain"];
  let time: AccountTestBed["time"];
  const newIp = () => bed.newIp();
  const newPhone = () => bed.newPhone();
  const newEmail = () => bed.newEmail();
  const solveCaptcha = (ip: string) => bed.solveCaptcha(ip);
  const sendCode = (account: string, purpose: string, options?: CallOptions) => bed.sendCode(account, purpose, options);
  const mailCode = (to: string, after: number) => bed.mailCode(to, after);
  const smsCode = (phone: string, after: number, purpose?: string) => bed.smsCode(phone, after, purpose);
  const registerByEmail = (email?: string, password?: string, nickname?: string) =>
    bed.registerByEmail(email, password, nickname);
  const registerByPhone = (phone?: string, password?: string) => bed.registerByPhone(phone, password);

  beforeAll(async () => {
    if (!database.available) return;
    bed = await openAccountTestBed(database, "3900");
    ({ db, smtp, sms, wechat, api, call, callPlain, time } = bed);
  });

  afterAll(async () => {
    if (!database.available) return;
    await bed?.close();
  });

  const skip = !database.available;

  describe.skipIf(skip)("captcha", () => {
    it("serves PNG images, a token and a 16-character secret, never the gap", async () => {
      const { status, body } = await call("POST", "/captcha/get", { captchaType: "blockPuzzle" }, { ip: newIp() });
      expect(status).toBe(200);
      expect(body.code).toBe("200");
      const data = body.data;
      expect(data.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(data.token).toMatch(/^[a-f0-9]{32}$/);
      for (const image of [data.originalImageBase64, data.jigsawImageBase64]) {
        expect(Buffer.from(image, "base64").subarray(0, 8)).toEqual(
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        );
      }
      const piece = await sharp(Buffer.from(data.jigsawImageBase64, "base64")).metadata();
      expect([piece.width, piece.height]).toEqual([47, 155]);
      expect(Object.keys(data).sort()).toEqual(
        [
          "captchaType",
          "expiresIn",
          "height",
          "jigsawImageBase64",
          "originalImageBase64",
          "pieceWidth",
          "secretKey",
          "token",
          "width",
          "wordList",
        ].sort(),
      );
    });

    it("fails a wrong x, allows a single attempt, and passes the right x once", async () => {
      const ip = newIp();
      const first = (await call("POST", "/captcha/get", {}, { ip })).body.data;
      const gap = await db
        .selectFrom("captcha_challenge")
        .select("gap_x")
        .where("token", "=", first.token)
        .executeTakeFirstOrThrow();
      const wrong = await call(
        "POST",
        "/captcha/check",
        {
          captchaType: "blockPuzzle",
          token: first.token,
          pointJson: aesEcb(JSON.stringify({ x: gap.gap_x + 6, y: 5 }), first.secretKey),
        },
        { ip },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe("6111");
      const retry = await call(
        "POST",
        "/captcha/check",
        {
          captchaType: "blockPuzzle",
          token: first.token,
          pointJson: aesEcb(JSON.stringify({ x: gap.gap_x, y: 5 }), first.secretKey),
        },
        { ip },
      );
      expect(retry.body).toMatchObject({ code: "6110", message: "验证码已失效，请重新获取" });

      const second = (await call("POST", "/captcha/get", {}, { ip })).body.data;
      const gap2 = await db
        .selectFrom("captcha_challenge")
        .select("gap_x")
        .where("token", "=", second.token)
        .executeTakeFirstOrThrow();
      const pointText = JSON.stringify({ x: gap2.gap_x - 4.2, y: 5 });
      const right = await call(
        "POST",
        "/captcha/check",
        { captchaType: "blockPuzzle", token: second.token, pointJson: aesEcb(pointText, second.secretKey) },
        { ip },
      );
      expect(right.body.code).toBe("200");
      // The same value AJ-Captcha's client computes for the second verification.
      expect(right.body.data.captchaVerification).toBe(aesEcb(`${second.token}---${pointText}`, second.secretKey));
      const again = await call(
        "POST",
        "/captcha/check",
        { captchaType: "blockPuzzle", token: second.token, pointJson: aesEcb(pointText, second.secretKey) },
        { ip },
      );
      expect(again.body.code).toBe("6110");
      const garbage = await call(
        "POST",
        "/captcha/check",
        { captchaType: "blockPuzzle", token: "zz", pointJson: "not base64!" },
        { ip },
      );
      expect(garbage.status).toBe(400);
    });

    it("expires a challenge after 2 minutes", async () => {
      const ip = newIp();
      const challenge = (await call("POST", "/captcha/get", {}, { ip })).body.data;
      const gap = await db
        .selectFrom("captcha_challenge")
        .select("gap_x")
        .where("token", "=", challenge.token)
        .executeTakeFirstOrThrow();
      time.advance(2 * MINUTE + 1000);
      const late = await call(
        "POST",
        "/captcha/check",
        { token: challenge.token, pointJson: aesEcb(JSON.stringify({ x: gap.gap_x, y: 5 }), challenge.secretKey) },
        { ip },
      );
      expect(late.body.code).toBe("6110");
    });

    it("works without JavaScript: GET ?mode=form gives digits to type, one try per picture", async () => {
      const ip = newIp();
      const form = await call("GET", "/captcha/get?mode=form", undefined, { ip });
      expect(form.body.code).toBe("200");
      expect(form.body.data).toMatchObject({ mode: "form", width: 160, height: 60, length: 4, expiresIn: 120 });
      expect(Buffer.from(form.body.data.imageBase64, "base64").subarray(0, 4)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      );
      const row = await db
        .selectFrom("captcha_challenge")
        .select(["answer", "mode"])
        .where("token", "=", form.body.data.token)
        .executeTakeFirstOrThrow();
      expect(row.mode).toBe("form");
      expect(row.answer).toMatch(/^\d{4}$/);
      // Typed with spaces and full-width digits, as an input method may send them; posted as a form.
      const typed = ` ${[...row.answer].map((digit: string) => String.fromCharCode(0xff10 + Number(digit))).join(" ")} `;
      const body = new URLSearchParams({ mode: "form", token: form.body.data.token, answer: typed });
      const response = await fetch(`${api.origin}/captcha/check`, {
        method: "POST",
        body,
        headers: { "X-Forwarded-For": ip },
      });
      const passed = (await response.json()) as { code: string; data: { captchaVerification: string } };
      expect(passed.code).toBe("200");
      expect(passed.data.captchaVerification).toBeTruthy();

      const wrongForm = (await call("GET", "/captcha/get?mode=form", undefined, { ip })).body.data;
      const wrongRow = await db
        .selectFrom("captcha_challenge")
        .select("answer")
        .where("token", "=", wrongForm.token)
        .executeTakeFirstOrThrow();
      const wrongAnswer = String((Number(wrongRow.answer) + 1) % 10000).padStart(4, "0");
      const failed = await call(
        "POST",
        "/captcha/check",
        { mode: "form", token: wrongForm.token, answer: wrongAnswer },
        { ip },
      );
      expect(failed.body).toMatchObject({ code: "6111", message: "图中数字输入有误，请看新的图片重新输入" });
      const retry = await call(
        "POST",
        "/captcha/check",
        { mode: "form", token: wrongForm.token, answer: wrongRow.answer },
        { ip },
      );
      expect(retry.body.code).toBe("6110");

      // The old ways of answering without JavaScript are refused.
      const click = (await call("GET", "/captcha/get?mode=form", undefined, { ip })).body.data;
      const clicked = await call(
        "POST",
        "/captcha/check",
        { mode: "form", token: click.token, "click.x": 100, "click.y": 50 },
        { ip },
      );
      expect(clicked.body).toMatchObject({ code: "400", message: "请输入图中的数字" });
      const slid = await call(
        "POST",
        "/captcha/check",
        {
          captchaType: "blockPuzzle",
          token: click.token,
          pointJson: aesEcb(JSON.stringify({ x: 100, y: 5 }), "A".repeat(16)),
        },
        { ip },
      );
      expect(slid.body.code).toBe("6111");
    });

    it("sendCode requires a solved captcha and consumes its verification", async () => {
      const ip = newIp();
      const email = newEmail();
      const missing = await call("POST", "/web/api/account/sendCode", { account: email, purpose: "register" }, { ip });
      expect(missing.body).toMatchObject({ code: "400", message: "请先完成滑块验证" });
      const forged = await call(
        "POST",
        "/web/api/account/sendCode",
        { account: email, purpose: "register", captchaVerification: "Zm9yZ2Vk" },
        { ip },
      );
      expect(forged.body.message).toBe("滑块验证已失效，请重新验证");
      const verification = await solveCaptcha(ip);
      const ok = await call(
        "POST",
        "/web/api/account/sendCode",
        { account: email, purpose: "register", captchaVerification: verification },
        { ip },
      );
      expect(ok.body.code).toBe("200");
      const reused = await call(
        "POST",
        "/web/api/account/sendCode",
        { account: newEmail(), purpose: "register", captchaVerification: verification },
        { ip },
      );
      expect(reused.body.message).toBe("滑块验证已失效，请重新验证");
    });

    it("is skipped with CAPTCHA=off", async () => {
      const answer = await callPlain(
        "POST",
        "/web/api/account/sendCode",
        { account: newEmail(), purpose: "register" },
        { ip: newIp() },
      );
      // No captcha asked; this server has no mail channel in production mode, which it says clearly.
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe("邮件服务未配置，暂时无法发送邮箱验证码");
    });
  });

  describe.skipIf(skip)("registration and login", () => {
    it("registers by e-mail with a code delivered over SMTP, and logs in", async () => {
      const email = newEmail();
      const before = smtp.mails.length;
      const { token, user } = await registerByEmail(email, "correct horse", "小明");
      expect(smtp.mails[before].text).toContain("10 分钟内有效");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(user).toMatchObject({ email, nickname: "小明", phone: null, hasPassword: true, wechatBound: false });

      const info = await call("GET", "/web/api/account/user-info", undefined, { token });
      expect(info.body).toMatchObject({ code: "200", message: "success", data: { email } });
      const viaTokenHeader = await call("GET", "/web/api/account/user-info", undefined, {
        token,
        tokenHeader: "token",
      });
      expect(viaTokenHeader.body.data.id).toBe(user.id);

      const login = await call(
        "POST",
        "/web/api/login",
        { account: email.toUpperCase(), password: "correct horse" },
        { ip: newIp() },
      );
      expect(login.body.code).toBe("200");
      expect(login.body.data).toMatchObject({ expired: 7 * 24 * 3600, user: { id: user.id } });
      expect(login.body.data.token).not.toBe(token);
      // Only the hash is stored.
      const stored = await db.selectFrom("user_session").select("token_hash").where("user_id", "=", user.id).execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(token);
      expect(stored.every((row) => /^[a-f0-9]{64}$/.test(row.token_hash))).toBe(true);
    });

    it("registers by phone with a code from the SMS gateway, refuses a second registration", async () => {
      const phone = newPhone();
      const before = sms.messages.length;
      const { token, user } = await registerByPhone(phone);
      expect(sms.messages[before]).toMatchObject({ phone, purpose: "register" });
      expect(user.phone).toBe(phone);
      expect(user.nickname).toMatch(/^用户\d{6}$/);
      expect((await call("GET", "/web/api/account/user-info", undefined, { token })).body.data.phone).toBe(phone);

      // Asking again answers as for a new number; the owner is told by SMS, and no code goes out.
      time.advance(61_000);
      const smsBefore = sms.messages.length;
      const again = await sendCode(phone, "register");
      expect(again.body).toEqual({
        code: "200",
        message: "success",
        data: { sent: true, cooldown: 60, expiresIn: 600 },
      });
      const notice = await until(() => sms.messages.slice(smsBefore).find((m) => m.phone === phone), "notice SMS");
      expect(notice).toMatchObject({ purpose: "register", notice: "register-taken" });
      expect(notice.code).toBeUndefined();
      expect(notice.text).toContain("有人尝试用你的手机号注册");
      const login = await call(
        "POST",
        "/web/api/login",
        { account: phone, password: "battery staple" },
        { ip: newIp() },
      );
      expect(login.body.code).toBe("200");
    });

    it("validates fields with the SPEC messages", async () => {
      const ip = newIp();
      const badAccount = await call("POST", "/web/api/login", { account: "12345", password: "whatever1" }, { ip });
      expect(badAccount.body).toMatchObject({ code: "400", message: "手机号或邮箱账号格式不正确", data: null });
      const badPhone = await call(
        "POST",
        "/web/api/account/register/phone",
        { phone: "12800138000", code: "123456", password: "longenough" },
        { ip },
      );
      expect(badPhone.body.message).toBe("手机号格式不正确");
      const badEmail = await call(
        "POST",
        "/web/api/account/register/email",
        { email: "a.b@example.com", code: "123456", password: "longenough" },
        { ip },
      );
      expect(badEmail.body.message).toBe("邮箱格式不正确");
      const shortPassword = await call(
        "POST",
        "/web/api/account/register/email",
        { email: newEmail(), code: "123456", password: "short" },
        { ip },
      );
      expect(shortPassword.body.message).toBe("密码至少 8 个字符");
      const badCode = await call("POST", "/web/api/sms-login", { phone: newPhone(), code: "12ab56" }, { ip });
      expect(badCode.body.message).toBe("验证码为 6 位数字");
      const notJson = await fetch(`${api.origin}/web/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{oops",
      });
      expect(notJson.status).toBe(400);
      expect(((await notJson.json()) as { code: string }).code).toBe("400");
      const wrongType = await call("POST", "/web/api/login", { account: ["a"], password: 5 }, { ip });
      expect(wrongType.status).toBe(400);
    });

    it("answers the same for a wrong password and an unknown account", async () => {
      const { email } = await registerByEmail();
      const ip = newIp();
      const wrong = await call("POST", "/web/api/login", { account: email, password: "wrong password" }, { ip });
      const unknown = await call("POST", "/web/api/login", { account: newEmail(), password: "wrong password" }, { ip });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe("账号或密码错误");
    });

    it("locks one client out of one account after 5 wrong passwords, not the owner elsewhere", async () => {
      const { email, password } = await registerByEmail();
      const attacker = newIp();
      for (let i = 0; i < 5; i++) {
        const failed = await call(
          "POST",
          "/web/api/login",
          { account: email, password: `nope-${i}-xx` },
          { ip: attacker },
        );
        expect(failed.body.message).toBe("账号或密码错误");
      }
      const locked = await call("POST", "/web/api/login", { account: email, password }, { ip: attacker });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: "429", message: "登录失败次数过多，请 15 分钟后再试" });
      // The 15 minutes count from the first failure, a second or more ago on a busy machine.
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(880);
      expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
      const owner = await call("POST", "/web/api/login", { account: email, password }, { ip: newIp() });
      expect(owner.body.code).toBe("200");
      time.advance(15 * MINUTE + 1000);
      const later = await call("POST", "/web/api/login", { account: email, password }, { ip: attacker });
      expect(later.body.code).toBe("200");
    });

    it("rate-limits failed logins per IP over all accounts", async () => {
      const ip = newIp();
      for (let i = 0; i < 50; i++) {
        const failed = await call("POST", "/web/api/login", { account: newEmail(), password: "nope nope" }, { ip });
        expect(failed.status).toBe(400);
      }
      const locked = await call("POST", "/web/api/login", { account: newEmail(), password: "nope nope" }, { ip });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
      const otherIp = await call(
        "POST",
        "/web/api/login",
        { account: newEmail(), password: "nope nope" },
        { ip: newIp() },
      );
      expect(otherIp.status).toBe(400);
    });

    it("logs in with an SMS code; an unknown phone gets the same answer and no SMS", async () => {
      const { phone, user } = await registerByPhone();
      let before = sms.messages.length;
      const sent = await sendCode(phone, "login");
      const code = await smsCode(phone, before, "login");
      const login = await call("POST", "/web/api/sms-login", { phone, code }, { ip: newIp() });
      expect(login.body.code).toBe("200");
      expect(login.body.data).toMatchObject({ expired: 604800, user: { id: user.id } });

      const stranger = newPhone();
      before = sms.messages.length;
      const unknown = await sendCode(stranger, "login");
      expect(unknown.body).toEqual(sent.body);
      await wait(100);
      expect(sms.messages.slice(before).filter((m) => m.phone === stranger)).toEqual([]);
      // A code exists for the stranger too (never sent): a guess fails exactly as for a real account.
      const guess = await call("POST", "/web/api/sms-login", { phone: stranger, code: "000000" }, { ip: newIp() });
      expect(guess.body.message).toBe("验证码错误，还可尝试 4 次");
      const emailLogin = await sendCode(newEmail(), "login");
      expect(emailLogin.body.message).toBe("验证码登录仅支持手机号");
    });

    it("rejects a tripped honeypot quietly and sends nothing", async () => {
      const email = newEmail();
      const before = smtp.mails.length;
      const ip = newIp();
      const answer = await call(
        "POST",
        "/web/api/account/sendCode",
        {
          account: email,
          purpose: "register",
          captchaVerification: await solveCaptcha(ip),
          website: "http://spam.example",
        },
        { ip },
      );
      expect(answer.body).toMatchObject({ code: "400", message: "请求失败，请稍后再试" });
      const login = await call(
        "POST",
        "/web/api/login",
        { account: email, password: "whatever!", website: "x" },
        { ip },
      );
      expect(login.body.message).toBe("请求失败，请稍后再试");
      await wait(100);
      expect(smtp.mails.length).toBe(before);
    });
  });

  describe.skipIf(skip)("verification codes", () => {
    it("burns a code after 5 wrong tries: the right code fails on the sixth", async () => {
      const phone = newPhone();
      const before = sms.messages.length;
      await sendCode(phone, "register");
      const code = await smsCode(phone, before);
      const wrong = code === "000000" ? "111111" : "000000";
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await call(
          "POST",
          "/web/api/account/register/phone",
          { phone, code: wrong, password: "longenough" },
          { ip: newIp() },
        );
        messages.push(answer.body.message);
      }
      expect(messages).toEqual([
        "验证码错误，还可尝试 4 次",
        "验证码错误，还可尝试 3 次",
        "验证码错误，还可尝试 2 次",
        "验证码错误，还可尝试 1 次",
        "验证码错误次数过多，请重新获取",
      ]);
      const sixth = await call(
        "POST",
        "/web/api/account/register/phone",
        { phone, code, password: "longenough" },
        { ip: newIp() },
      );
      expect(sixth.body).toMatchObject({ code: "400", message: "验证码错误或已失效，请重新获取" });
      const row = await db
        .selectFrom("verification_code")
        .selectAll()
        .where("target", "=", phone)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^[a-f0-9]{64}$/);
    });

    it("expires a code after 10 minutes", async () => {
      const email = newEmail();
      const before = smtp.mails.length;
      await sendCode(email, "register");
      const code = await mailCode(email, before);
      time.advance(10 * MINUTE + 1000);
      const late = await call(
        "POST",
        "/web/api/account/register/email",
        { email, code, password: "longenough" },
        { ip: newIp() },
      );
      expect(late.body.message).toBe("验证码错误或已失效，请重新获取");
    });

    it("does not accept a code twice", async () => {
      const { phone } = await registerByPhone();
      time.advance(61_000);
      const before = sms.messages.length;
      await sendCode(phone, "reset");
      const code = await smsCode(phone, before, "reset");
      const first = await call("POST", "/web/api/account/rest-code-verify", { account: phone, code }, { ip: newIp() });
      expect(first.body.code).toBe("200");
      const second = await call("POST", "/web/api/account/rest-code-verify", { account: phone, code }, { ip: newIp() });
      expect(second.body.message).toBe("验证码错误或已失效，请重新获取");
    });

    it("enforces the 60 s resend cooldown and the hourly cap per phone", async () => {
      const phone = newPhone();
      const first = await sendCode(phone, "register");
      expect(first.body.code).toBe("200");
      const tooSoon = await sendCode(phone, "register");
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
      for (let i = 0; i < 4; i++) {
        time.advance(61_000);
        expect((await sendCode(phone, "register")).body.code).toBe("200");
      }
      time.advance(61_000);
      const capped = await sendCode(phone, "register");
      expect(capped.body).toMatchObject({ code: "429", message: "该手机号获取验证码次数过多，请 1 小时后再试" });
      time.advance(60 * MINUTE);
      expect((await sendCode(phone, "register")).body.code).toBe("200");
    });

    it("caps codes per IP per hour", async () => {
      const ip = newIp();
      for (let i = 0; i < 20; i++) {
        const answer = await sendCode(newEmail(), "register", { ip });
        expect(answer.body.code, answer.body.message).toBe("200");
      }
      const capped = await sendCode(newEmail(), "register", { ip });
      expect(capped.body).toMatchObject({ code: "429", message: "获取验证码次数过多，请 1 小时后再试" });
    });

    it("reports a failing SMS gateway clearly", async () => {
      sms.failNext.value = true;
      const answer = await sendCode(newPhone(), "register");
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe("验证码短信发送失败，请稍后再试");
    });
  });

  describe.skipIf(skip)("password reset", () => {
    it("answers the same for unknown accounts, then resets with a one-time ticket and ends all sessions", async () => {
      const { email, token } = await registerByEmail();
      time.advance(61_000);
      const before = smtp.mails.length;
      const known = await sendCode(email, "reset");
      const unknown = await sendCode(newEmail(), "reset");
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      const code = await mailCode(email, before);
      await wait(100);
      expect(smtp.mails.length - before).toBe(1);

      const verified = await call(
        "POST",
        "/web/api/account/rest-code-verify",
        { account: email, code },
        { ip: newIp() },
      );
      expect(verified.body.code).toBe("200");
      const { ticket, expired } = verified.body.data;
      expect(expired).toBe(900);
      const mismatch = await call(
        "PUT",
        "/web/api/account/rest-pwd",
        { ticket, password: "brand new pass", confirmPassword: "other" },
        { ip: newIp() },
      );
      expect(mismatch.body.message).toBe("两次输入的密码不一致");
      const reset = await call(
        "PUT",
        "/web/api/account/rest-pwd",
        { ticket, password: "brand new pass" },
        { ip: newIp() },
      );
      expect(reset.body.code).toBe("200");
      const again = await call(
        "PUT",
        "/web/api/account/rest-pwd",
        { ticket, password: "another new pass" },
        { ip: newIp() },
      );
      expect(again.body.message).toBe("重置凭证无效或已过期，请重新验证");

      const old = await call("GET", "/web/api/account/user-info", undefined, { token });
      expect(old.status).toBe(401);
      expect(old.body.code).toBe("S00106");
      expect(
        (await call("POST", "/web/api/login", { account: email, password: "correct horse" }, { ip: newIp() })).body
          .message,
      ).toBe("账号或密码错误");
      expect(
        (await call("POST", "/web/api/login", { account: email, password: "brand new pass" }, { ip: newIp() })).body
          .code,
      ).toBe("200");
    });
  });

  describe.skipIf(skip)("tokens and sessions", () => {
    it("answers 401 S00106 for missing, forged, malformed, expired and revoked tokens", async () => {
      const expectExpired = async (options: CallOptions) => {
        const answer = await call("GET", "/web/api/account/user-info", undefined, options);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ code: "S00106", message: "登录已过期，请重新登录", data: null });
      };
      await expectExpired({});
      await expectExpired({ token: "A".repeat(43) });
      await expectExpired({ token: "' OR 1=1 --" });
      await expectExpired({ headers: { Authorization: "Basic Zm9vOmJhcg==" } });

      const { token } = await registerByEmail();
      expect((await call("GET", "/web/api/account/user-info", undefined, { token })).status).toBe(200);
      await expectExpired({ token: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A") });
      const logout = await call("POST", "/web/api/logout", undefined, { token });
      expect(logout.body).toMatchObject({ code: "200", data: null });
      await expectExpired({ token });
      expect((await call("POST", "/web/api/logout", undefined, { token })).status).toBe(401);

      const { token: second } = await registerByEmail();
      time.advance(7 * 24 * 60 * MINUTE + 1000);
      await expectExpired({ token: second });
    });

    it("a password change keeps this session and ends the others", async () => {
      const { email, password, token } = await registerByEmail();
      const other = (await call("POST", "/web/api/login", { account: email, password }, { ip: newIp() })).body.data
        .token;
      const wrongOld = await call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { oldPassword: "not it at all", newPassword: "a better one" },
        { token },
      );
      expect(wrongOld.body.message).toBe("原密码不正确");
      const short = await call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { oldPassword: password, newPassword: "short" },
        { token },
      );
      expect(short.body.message).toBe("密码至少 8 个字符");
      const changed = await call(
        "PUT",
        "/web/api/account/update-account-pwd",
        { oldPassword: password, newPassword: "a better one" },
        { token },
      );
      expect(changed.body.code).toBe("200");
      expect((await call("GET", "/web/api/account/user-info", undefined, { token })).status).toBe(200);
      expect((await call("GET", "/web/api/account/user-info", undefined, { token: other })).body.code).toBe("S00106");
      expect(
        (await call("POST", "/web/api/login", { account: email, password: "a better one" }, { ip: newIp() })).body.code,
      ).toBe("200");
    });
  });

  describe.skipIf(skip)("bind and unbind", () => {
    it("binds a phone with a code and the password, says nothing of a taken one, and never unbinds the last way in", async () => {
      const { token, email, password } = await registerByEmail();
      const phone = newPhone();
      const anonymous = await sendCode(phone, "bind");
      expect(anonymous.status).toBe(401);
      const before = sms.messages.length;
      expect((await sendCode(phone, "bind", { token })).body.code).toBe("200");
      const code = await smsCode(phone, before, "bind");
      const bound = await call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "phone", account: phone, code, currentPassword: password },
        { token },
      );
      expect(bound.body.code, bound.body.message).toBe("200");
      expect(bound.body.data).toMatchObject({ phone, email });

      const other = await registerByEmail();
      time.advance(61_000);
      const noticesBefore = sms.messages.length;
      const taken = await sendCode(phone, "bind", { token: other.token });
      expect(taken.body).toEqual({
        code: "200",
        message: "success",
        data: { sent: true, cooldown: 60, expiresIn: 600 },
      });
      const notice = await until(() => sms.messages.slice(noticesBefore).find((m) => m.phone === phone), "notice SMS");
      expect(notice).toMatchObject({ notice: "bind-taken" });
      expect(notice.text).toContain("有人尝试把你的手机号绑定到另一个");
      const stolen = await call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "phone", account: phone, code: "123456", currentPassword: other.password },
        { token: other.token },
      );
      expect(stolen.body.message).toBe("验证码错误，还可尝试 4 次");
      const own = await sendCode(phone, "bind", { token });
      expect(own.body.message).toBe("该手机号已绑定当前账号");

      const unbindEmail = await call(
        "PUT",
        "/web/api/account/unbind-account",
        { type: "email", currentPassword: password },
        { token },
      );
      expect(unbindEmail.body.data).toMatchObject({ email: null, phone });
      const last = await call(
        "PUT",
        "/web/api/account/unbind-account",
        { type: "phone", currentPassword: password },
        { token },
      );
      expect(last.body.message).toBe("至少需要保留一种登录方式，无法解绑");
      const notBound = await call("PUT", "/web/api/account/unbind-account", { type: "wechat" }, { token });
      expect(notBound.body.message).toBe("尚未绑定微信");
      const badType = await call("PUT", "/web/api/account/unbind-account", { type: "qq" }, { token });
      expect(badType.body.message).toBe("账号类型只能是 phone、email 或 wechat");
    });
  });

  describe.skipIf(skip)("WeChat QR login", () => {
    it("says clearly when WeChat is not configured", async () => {
      const answer = await callPlain("GET", "/web/api/wechat/qr-config");
      expect(answer.body).toEqual({ code: "W00001", message: "未配置微信登录", data: null });
    });

    it("gives the frame's settings with a fresh state", async () => {
      const answer = await call("GET", "/web/api/wechat/qr-config");
      expect(answer.body.data).toMatchObject({
        appid: "wxTESTAPP",
        scope: "snsapi_login",
        redirect_uri: "https://fonts.example.com/account/wechat",
        style: "black",
        purpose: "login",
      });
      expect(answer.body.data.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(answer.body.data.qrconnectUrl).toContain("open.weixin.qq.com/connect/qrconnect?appid=wxTESTAPP");
      const second = await call("GET", "/web/api/wechat/qr-config");
      expect(second.body.data.state).not.toBe(answer.body.data.state);
    });

    it("creates a user on the first scan, logs the same user in on the next, checks state", async () => {
      const person = { openid: `o_${Date.now()}`, unionid: `u_${Date.now()}`, nickname: EVIL };
      const state = (await call("GET", "/web/api/wechat/qr-config")).body.data.state;
      const code = wechat.issueCode(person);
      const forgedState = await call("GET", `/web/api/wechat/callback?code=${code}&state=forged`);
      expect(forgedState.body.message).toBe("微信登录已过期，请重新扫码");
      const first = await call("GET", `/web/api/wechat/callback?code=${code}&state=${state}`);
      expect(first.body.code, first.body.message).toBe("200");
      expect(first.body.data).toMatchObject({
        action: "register",
        expired: 604800,
        user: { nickname: EVIL.slice(0, 20), wechatBound: true, wechatNickname: EVIL },
      });
      expect(
        wechat.requests.some(
          (r) =>
            r.startsWith("/sns/oauth2/access_token?appid=wxTESTAPP&secret=wxSECRET&code=") &&
            r.endsWith("grant_type=authorization_code"),
        ),
      ).toBe(true);
      const replay = await call("GET", `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${state}`);
      expect(replay.body.message).toBe("微信登录已过期，请重新扫码");

      const state2 = (await call("GET", "/web/api/wechat/qr-config")).body.data.state;
      const second = await call("GET", `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${state2}`);
      expect(second.body.data).toMatchObject({ action: "login", user: { id: first.body.data.user.id } });

      const state3 = (await call("GET", "/web/api/wechat/qr-config")).body.data.state;
      const badCode = await call("GET", `/web/api/wechat/callback?code=unknowncode&state=${state3}`);
      expect(badCode.status).toBe(502);
      expect(badCode.body).toMatchObject({ code: "W00002", message: "微信授权失败，请重新扫码" });

      time.advance(11 * MINUTE);
      const stale = (await call("GET", "/web/api/wechat/qr-config")).body.data.state;
      time.advance(11 * MINUTE);
      const late = await call("GET", `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${stale}`);
      expect(late.body.message).toBe("微信登录已过期，请重新扫码");
    });

    it("binds WeChat to the logged-in user who asked for the QR code, and only to them", async () => {
      const { token, user, password } = await registerByEmail();
      const person = { openid: `ob_${Date.now()}`, nickname: "微信用户" };
      // The bind QR code is only given once the user has proved who they are.
      const unproven = await call("GET", "/web/api/wechat/qr-config", undefined, { token });
      expect(unproven).toMatchObject({
        status: 403,
        body: { code: "403", message: "请输入当前密码或验证码，确认是你本人操作" },
      });
      const proven = await call("POST", "/web/api/account/reauth", { currentPassword: password }, { token });
      expect(proven.body).toMatchObject({ code: "200", data: { expiresIn: 600 } });
      const bindState = (await call("GET", "/web/api/wechat/qr-config", undefined, { token })).body.data;
      expect(bindState.purpose).toBe("bind");
      const withoutToken = await call(
        "GET",
        `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${bindState.state}`,
      );
      expect(withoutToken.status).toBe(401);

      const state = (await call("GET", "/web/api/wechat/qr-config", undefined, { token })).body.data.state;
      const bound = await call(
        "GET",
        `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${state}`,
        undefined,
        { token },
      );
      expect(bound.body.data).toMatchObject({ action: "bind", token: null, user: { id: user.id, wechatBound: true } });

      const { token: otherToken, password: otherPassword } = await registerByEmail();
      await call("POST", "/web/api/account/reauth", { currentPassword: otherPassword }, { token: otherToken });
      const otherState = (await call("GET", "/web/api/wechat/qr-config", undefined, { token: otherToken })).body.data
        .state;
      const taken = await call(
        "PUT",
        "/web/api/account/bind-account",
        { type: "wechat", code: wechat.issueCode(person), state: otherState },
        { token: otherToken },
      );
      expect(taken.body.message).toBe("该微信已绑定其他账号");

      const loginState = (await call("GET", "/web/api/wechat/qr-config")).body.data.state;
      const login = await call("GET", `/web/api/wechat/callback?code=${wechat.issueCode(person)}&state=${loginState}`);
      expect(login.body.data).toMatchObject({ action: "login", user: { id: user.id } });

      const unbind = await call(
        "PUT",
        "/web/api/account/unbind-account",
        { type: "wechat", currentPassword: password },
        { token },
      );
      expect(unbind.body.data.wechatBound).toBe(false);
    });
  });

  describe.skipIf(skip)("profile and avatar", () => {
    async function png(width: number, height: number): Promise<Buffer> {
      return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .composite([
          {
            input: Buffer.from(
              `<svg width="${width}" height="${height}"><rect x="${width / 2 - 5}" y="0" width="10" height="${height}" fill="#00f"/></svg>`,
            ),
          },
        ])
        .png()
        .toBuffer();
    }

    function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      if (file) data.append("avatar", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      return data;
    }

    it("stores SQL and HTML verbatim in every text field, harmlessly", async () => {
      const { token, email } = await registerByEmail(undefined, `${EVIL}pw`, EVIL.slice(0, 20));
      const updated = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({ nickname: EVIL.slice(0, 20), bio: EVIL, city: EVIL.slice(0, 50), gender: "2", birthday: "1990-02-28" }),
        { token },
      );
      expect(updated.body.code, updated.body.message).toBe("200");
      expect(updated.headers.get("content-type")).toMatch(/^application\/json/);
      expect(updated.body.data).toMatchObject({
        nickname: EVIL.slice(0, 20),
        bio: EVIL,
        signature: EVIL,
        city: EVIL.slice(0, 50),
        gender: 2,
        birthday: "1990-02-28",
      });
      const info = await call("GET", "/web/api/account/user-info", undefined, { token });
      expect(info.body.data.bio).toBe(EVIL);
      // The SQL-looking password is just a password.
      expect(
        (await call("POST", "/web/api/login", { account: email, password: `${EVIL}pw` }, { ip: newIp() })).body.code,
      ).toBe("200");
      const sqlAccount = await call(
        "POST",
        "/web/api/login",
        { account: "' OR '1'='1", password: "' OR '1'='1" },
        { ip: newIp() },
      );
      expect(sqlAccount.body.message).toBe("手机号或邮箱账号格式不正确");
      expect(await db.selectFrom("app_user").select("id").execute()).not.toHaveLength(0);
      const json = await call(
        "POST",
        "/web/api/account/update-account-info",
        { signature: "新的签名", gender: "male" },
        { token },
      );
      expect(json.body.data).toMatchObject({ bio: "新的签名", gender: 1 });
      const badBirthday = await call(
        "POST",
        "/web/api/account/update-account-info",
        { birthday: "2999-01-01" },
        { token },
      );
      expect(badBirthday.body.message).toBe("生日不能晚于今天");
      const anonymous = await call("POST", "/web/api/account/update-account-info", { bio: "x" });
      expect(anonymous.body.code).toBe("S00106");
    });

    it("crops an uploaded image to a centred 256×256 JPEG served with caching", async () => {
      const { token } = await registerByEmail();
      const upload = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({}, { data: await png(600, 300), name: "me.txt", type: "text/plain" }),
        { token },
      );
      expect(upload.body.code, upload.body.message).toBe("200");
      const avatarUrl: string = upload.body.data.avatar;
      expect(avatarUrl).toMatch(/^\/web\/api\/account\/avatar\/[a-f0-9]{32}\.jpg$/);
      const image = await fetch(api.origin + avatarUrl);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect(image.headers.get("cache-control")).toContain("max-age=31536000");
      const bytes = Buffer.from(await image.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 256, 256]);
      // Centred square of a 600×300 image: the blue stripe sits in the middle.
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const middle = (128 * 256 + 128) * 3;
      expect(data[middle + 2]).toBeGreaterThan(150);

      const cropped = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({ crop: "0,0,100,100" }, { data: await png(3000, 1500), name: "big.png", type: "image/png" }),
        { token },
      );
      expect(cropped.body.code, cropped.body.message).toBe("200");
      expect(cropped.body.data.avatar).not.toBe(avatarUrl);
      // The old file is gone.
      expect((await fetch(api.origin + avatarUrl)).status).toBe(404);
      const tooSmall = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({ crop: "0,0,5,5" }, { data: await png(100, 100), name: "a.png", type: "image/png" }),
        { token },
      );
      expect(tooSmall.body.message).toBe("裁剪区域不能小于 10×10 像素");
    });

    it("rejects non-images by content and oversized uploads", async () => {
      const { token } = await registerByEmail();
      const fake = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({}, { data: Buffer.from("<svg onload=alert(1)></svg>"), name: "a.png", type: "image/png" }),
        { token },
      );
      expect(fake.body).toMatchObject({ code: "400", message: "头像文件不是有效的图片，仅支持 JPG、PNG、WebP、GIF" });
      const svg = await call(
        "POST",
        "/web/api/account/update-account-info",
        form(
          {},
          {
            data: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50"/></svg>',
            ),
            name: "a.jpg",
            type: "image/jpeg",
          },
        ),
        { token },
      );
      expect(svg.body.message).toBe("头像文件不是有效的图片，仅支持 JPG、PNG、WebP、GIF");
      const huge = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)]);
      const big = await call(
        "POST",
        "/web/api/account/update-account-info",
        form({}, { data: huge, name: "a.png", type: "image/png" }),
        { token },
      );
      expect(big.body.message).toBe("头像图片不能超过 5 MB");
      const traversal = await fetch(`${api.origin}/web/api/account/avatar/..%2F..%2Fetc%2Fpasswd`);
      expect(traversal.status).toBe(400);
      expect(((await traversal.json()) as { message: string }).message).toBe("头像不存在");
      const missing = await fetch(`${api.origin}/web/api/account/avatar/${"0".repeat(32)}.jpg`);
      expect(missing.status).toBe(404);
    });
  });
});
