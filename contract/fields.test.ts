import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCOUNT_MESSAGE,
  BIO_MAX,
  BIRTHDAY_FORMAT_MESSAGE,
  BIRTHDAY_FUTURE_MESSAGE,
  CODE_MESSAGE,
  EMAIL_MESSAGE,
  GENDER_MESSAGE,
  HONEYPOT_MESSAGE,
  NICKNAME_MAX,
  NICKNAME_TOO_LONG_MESSAGE,
  PHONE_MESSAGE,
  accountSchema,
  bioSchema,
  citySchema,
  createBirthdaySchema,
  emailSchema,
  genderSchema,
  graphemeCount,
  isCalendarDate,
  maxLengthFor,
  newPasswordSchema,
  nicknameSchema,
  normaliseAccount,
  passwordSchema,
  phoneSchema,
  publicFormSchema,
  requiredNicknameSchema,
  todayInChina,
  verificationCodeSchema,
  withinCharacters,
} from "./fields";

/** The first message `schema` gives for `input`, or null when it passes. */
function messageOf(schema: z.ZodTypeAny, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

const FAMILY = "👨‍👩‍👧";
const FLAG = "🇨🇳";
const SKIN_TONE_THUMB = "👍🏽";

describe("graphemeCount", () => {
  it("counts what a person sees as one character as one", () => {
    expect(graphemeCount("")).toBe(0);
    expect(graphemeCount("字体")).toBe(2);
    expect(graphemeCount("𠮷")).toBe(1);
    expect(graphemeCount("e\u0301")).toBe(1);
    expect(graphemeCount(FAMILY)).toBe(1);
    expect(graphemeCount(FLAG)).toBe(1);
    expect(graphemeCount(SKIN_TONE_THUMB)).toBe(1);
    expect(graphemeCount(`爱${FAMILY}${FLAG}a`)).toBe(4);
  });
});

describe("a form field's maxLength", () => {
  it("stops no text the limit on characters accepts, emoji included, and no more than it could", () => {
    const longest = FAMILY.repeat(500);
    expect(withinCharacters(longest, 500)).toBe(true);
    expect(longest.length).toBeLessThanOrEqual(maxLengthFor(500));
    const pastMaxLength = "e" + "\u0301".repeat(maxLengthFor(500));
    expect(graphemeCount(pastMaxLength)).toBe(1);
    expect(withinCharacters(pastMaxLength, 500)).toBe(false);
  });
});

describe("nickname", () => {
  it("has one limit, 20, and its message names that number", () => {
    expect(NICKNAME_MAX).toBe(20);
    expect(NICKNAME_TOO_LONG_MESSAGE).toBe(`昵称最多 ${NICKNAME_MAX} 个字`);
    expect(messageOf(nicknameSchema, "字".repeat(NICKNAME_MAX))).toBeNull();
    expect(messageOf(nicknameSchema, "字".repeat(NICKNAME_MAX + 1))).toBe("昵称最多 20 个字");
    expect(messageOf(requiredNicknameSchema, "字".repeat(NICKNAME_MAX + 1))).toBe("昵称最多 20 个字");
  });

  it("counts emoji as people see them", () => {
    // 20 family emoji are 160 UTF-16 units and 100 code points, but 20 characters on screen.
    expect(messageOf(nicknameSchema, FAMILY.repeat(NICKNAME_MAX))).toBeNull();
    expect(messageOf(nicknameSchema, FAMILY.repeat(NICKNAME_MAX + 1))).toBe(NICKNAME_TOO_LONG_MESSAGE);
    expect(messageOf(nicknameSchema, `${"字".repeat(19)}${FLAG}`)).toBeNull();
  });

  it("refuses one character carrying hundreds of combining marks", () => {
    expect(graphemeCount(`a${"\u0301".repeat(300)}`)).toBe(1);
    expect(messageOf(nicknameSchema, `a${"\u0301".repeat(300)}`)).toBe(NICKNAME_TOO_LONG_MESSAGE);
  });

  it("is trimmed before it is counted, and holds no control characters", () => {
    expect(nicknameSchema.parse(`  ${"字".repeat(NICKNAME_MAX)}  `)).toBe("字".repeat(NICKNAME_MAX));
    expect(messageOf(nicknameSchema, "小\u0007明")).toBe("昵称不能包含控制字符");
    expect(messageOf(nicknameSchema, "小\n明")).toBe("昵称不能包含控制字符");
  });

  it("is required in the profile, optional at registration", () => {
    expect(nicknameSchema.parse("  ")).toBe("");
    expect(messageOf(requiredNicknameSchema, "  ")).toBe("请输入昵称");
    expect(messageOf(requiredNicknameSchema, undefined)).toBe("请输入昵称");
    expect(messageOf(requiredNicknameSchema, 5)).toBe("昵称格式不正确");
  });
});

describe("bio and city", () => {
  it("allow 200 characters of bio counted as people see them, emoji included", () => {
    expect(BIO_MAX).toBe(200);
    const emojiBio = `${FAMILY}${SKIN_TONE_THUMB}${"好".repeat(BIO_MAX - 2)}`;
    expect(emojiBio.length).toBeGreaterThan(BIO_MAX);
    expect(bioSchema.parse(emojiBio)).toBe(emojiBio);
    expect(messageOf(bioSchema, `${emojiBio}好`)).toBe("个性签名不能超过 200 个字");
  });

  it("keep line breaks but refuse other control characters", () => {
    expect(bioSchema.parse("第一行\n第二行")).toBe("第一行\n第二行");
    expect(messageOf(bioSchema, "响铃\u0007")).toBe("个性签名不能包含控制字符");
    expect(messageOf(citySchema, "城".repeat(51))).toBe("城市不能超过 50 个字");
  });
});

describe("birthday", () => {
  it("is a real calendar date written YYYY-MM-DD, from 1900 on", () => {
    expect(isCalendarDate("2000-01-01")).toBe(true);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2023-02-30")).toBe(false);
    expect(isCalendarDate("2023-04-31")).toBe(false);
    expect(isCalendarDate("2023-13-01")).toBe(false);
    expect(isCalendarDate("2023-00-10")).toBe(false);
    expect(isCalendarDate("1899-12-31")).toBe(false);
    expect(isCalendarDate("2000-1-1")).toBe(false);
    expect(isCalendarDate("2000-01-01T00:00:00Z")).toBe(false);
  });

  it("reads today from the calendar in China, whatever the instant's date in UTC", () => {
    expect(todayInChina(new Date("2024-05-01T15:59:59.999Z"))).toBe("2024-05-01");
    expect(todayInChina(new Date("2024-05-01T16:00:00.000Z"))).toBe("2024-05-02");
    expect(todayInChina(new Date("2024-12-31T23:30:00.000Z"))).toBe("2025-01-01");
    expect(todayInChina(new Date("2024-02-28T16:30:00.000Z"))).toBe("2024-02-29");
  });

  it("may be today in China but not tomorrow, at 23:30 UTC as at noon", () => {
    // 23:30 UTC on 1 May is 07:30 on 2 May in Beijing; a browser in Los Angeles still reads 1 May.
    const lateUtc = createBirthdaySchema(() => new Date("2024-05-01T23:30:00Z"));
    expect(messageOf(lateUtc, "2024-05-02")).toBeNull();
    expect(messageOf(lateUtc, "2024-05-03")).toBe(BIRTHDAY_FUTURE_MESSAGE);
    // 15:30 UTC on 1 May is 23:30 on 1 May in Beijing; a browser in Tokyo already reads 2 May.
    const lateChina = createBirthdaySchema(() => new Date("2024-05-01T15:30:00Z"));
    expect(messageOf(lateChina, "2024-05-01")).toBeNull();
    expect(messageOf(lateChina, "2024-05-02")).toBe(BIRTHDAY_FUTURE_MESSAGE);
  });

  it("round-trips unchanged: the parsed value is the text sent, and empty clears it", () => {
    const schema = createBirthdaySchema(() => new Date("2024-05-01T12:00:00Z"));
    expect(schema.parse("2000-01-01")).toBe("2000-01-01");
    expect(schema.parse(" 1995-06-15 ")).toBe("1995-06-15");
    expect(schema.parse("")).toBe("");
    expect(messageOf(schema, "2023-02-30")).toBe(BIRTHDAY_FORMAT_MESSAGE);
    expect(messageOf(schema, "01/02/2000")).toBe(BIRTHDAY_FORMAT_MESSAGE);
    expect(messageOf(schema, 20000101)).toBe(BIRTHDAY_FORMAT_MESSAGE);
  });

  describe("under another process time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(["Pacific/Kiritimati", "America/Los_Angeles", "UTC"])("gives the same answers in %s", (zone) => {
      process.env.TZ = zone;
      const now = () => new Date("2024-05-01T23:30:00Z");
      expect(todayInChina(now())).toBe("2024-05-02");
      const schema = createBirthdaySchema(now);
      expect(schema.parse("2000-01-01")).toBe("2000-01-01");
      expect(messageOf(schema, "2024-05-02")).toBeNull();
      expect(messageOf(schema, "2024-05-03")).toBe(BIRTHDAY_FUTURE_MESSAGE);
    });
  });
});

describe("gender", () => {
  it("takes 0, 1, 2 as number or text, and the English names", () => {
    expect(genderSchema.parse(2)).toBe(2);
    expect(genderSchema.parse("1")).toBe(1);
    expect(genderSchema.parse(" Female ")).toBe(2);
    expect(genderSchema.parse("unknown")).toBe(0);
    expect(genderSchema.parse("")).toBeUndefined();
    expect(genderSchema.parse(undefined)).toBeUndefined();
    expect(messageOf(genderSchema, "3")).toBe(GENDER_MESSAGE);
    expect(messageOf(genderSchema, true)).toBe(GENDER_MESSAGE);
  });
});

describe("phone, e-mail, account and code", () => {
  it("give the three validation messages", () => {
    expect(messageOf(phoneSchema, "12345678901")).toBe(PHONE_MESSAGE);
    expect(messageOf(phoneSchema, "")).toBe("请输入手机号");
    expect(messageOf(emailSchema, "a@b")).toBe(EMAIL_MESSAGE);
    expect(messageOf(accountSchema, "someone")).toBe(ACCOUNT_MESSAGE);
    expect(messageOf(accountSchema, undefined)).toBe("请输入手机号或邮箱");
  });

  it("trim, and lower-case e-mail addresses", () => {
    expect(phoneSchema.parse(" 13800138000 ")).toBe("13800138000");
    expect(emailSchema.parse("Zhang_San@Example.COM")).toBe("zhang_san@example.com");
    expect(accountSchema.parse(" Zhang@Example.cn ")).toBe("zhang@example.cn");
    expect(accountSchema.parse("13800138000")).toBe("13800138000");
    expect(normaliseAccount("A@B.cn")).toEqual({ kind: "email", value: "a@b.cn" });
    expect(normaliseAccount("13800138000")).toEqual({ kind: "phone", value: "13800138000" });
    expect(normaliseAccount("x")).toBeNull();
  });

  it("want six digits for a code", () => {
    expect(verificationCodeSchema.parse("012345")).toBe("012345");
    expect(messageOf(verificationCodeSchema, "12345a")).toBe(CODE_MESSAGE);
    expect(messageOf(verificationCodeSchema, "")).toBe("请输入验证码");
  });
});

describe("passwords", () => {
  it("are 8 to 128 characters, not all spaces, never trimmed", () => {
    const chosen = newPasswordSchema();
    expect(chosen.parse(" secret  pass ")).toBe(" secret  pass ");
    expect(messageOf(chosen, "")).toBe("请输入密码");
    expect(messageOf(chosen, "1234567")).toBe("密码至少 8 个字符");
    expect(messageOf(chosen, " ".repeat(8))).toBe("密码不能全是空格");
    expect(messageOf(chosen, "a".repeat(129))).toBe("密码不能超过 128 个字符");
    expect(messageOf(chosen, "𠮷".repeat(128))).toBeNull();
    expect(messageOf(chosen, "字体".repeat(4))).toBeNull();
  });

  it("name the field they belong to", () => {
    expect(messageOf(newPasswordSchema("新密码"), "1234567")).toBe("新密码至少 8 个字符");
    expect(messageOf(newPasswordSchema("新密码"), undefined)).toBe("请输入新密码");
    expect(messageOf(passwordSchema(), "short")).toBeNull();
  });
});

describe("public forms", () => {
  it("answer a filled honeypot before any other field", () => {
    const schema = publicFormSchema({ phone: phoneSchema });
    expect(messageOf(schema, { website: "http://spam.example", phone: "x" })).toBe(HONEYPOT_MESSAGE);
    expect(messageOf(schema, { phone: "x" })).toBe(PHONE_MESSAGE);
    expect(schema.parse({ website: "", phone: "13800138000" })).toEqual({ phone: "13800138000" });
  });
});
