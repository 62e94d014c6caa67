import { chromium, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { call, startCluster, type Cluster } from "./services.js";

/**
 * Debian's Chromium drives the site through the round-robin proxy in front of two instances, once
 * with JavaScript on and once with it off, the proxy sending each step's page or form to the
 * instance the test picks. A user logs in, favorites a font and uploads an avatar and sees each on
 * the pages the other instance serves; wrong passwords sent through both lock the account on
 * either; a code requested through one is entered through the other; an instance killed under the
 * visitor costs them neither their next page nor their saved profile.
 */

const PASSWORD = "Scale-browser-2026!x";

/** One answer the browser received: which instance served it, and what for. */
type Served = { method: string; path: string; type: string; upstream: string };

type CspViolation = { directive: string; blocked: string; source: string };

/**
 * What Chromium reports on any page of `context` that must fail the test: console errors, uncaught
 * exceptions and Content-Security-Policy violations, as tests/e2e/fixtures.ts guards the e2e suite.
 * Violations come from the page's `securitypolicyviolation` events (JavaScript on) and from
 * Chromium's console report of each one (also with JavaScript off). Answers a function that takes
 * the problems reported so far.
 */
async function guardConsole(context: BrowserContext): Promise<() => string[]> {
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(`${message.text()} @ ${message.location().url}`);
  });
  context.on("weberror", (error) => problems.push(`pageerror: ${error.error().message}`));
  await context.exposeFunction("__reportCspViolation", (violation: CspViolation) => {
    problems.push(`csp: ${violation.directive} blocked ${violation.blocked || "inline"} @ ${violation.source}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation?: (violation: CspViolation) => void }).__reportCspViolation?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile || document.location.href,
      });
    });
  });
  return () => problems.splice(0);
}

let cluster: Cluster;
let browser: Browser;

describe("the site in Chromium through the proxy in front of two instances", () => {
  beforeAll(async () => {
    cluster = await startCluster();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await cluster?.close();
  });

  describe.each([
    {
      javaScript: "on",
      javaScriptEnabled: true,
      phone: "13900139101",
      stranger: "13900139201",
      nickname: "双机有脚本",
    },
    {
      javaScript: "off",
      javaScriptEnabled: false,
      phone: "13900139102",
      stranger: "13900139202",
      nickname: "双机无脚本",
    },
  ])("with JavaScript $javaScript", ({ javaScriptEnabled, phone, stranger, nickname }) => {
    let context: BrowserContext;
    let page: Page;
    let problems: () => string[];
    const served: Served[] = [];
    /** Where this test's answers start in `served`. */
    let start = 0;

    /** The instance that answered this test's latest POST to `path` (a form, or with JavaScript its `.data` fetch). */
    const postedTo = (path: string) => {
      const post = served
        .slice(start)
        .reverse()
        .find((answer) => answer.method === "POST" && answer.path.replace(/\.data$/, "") === path);
      if (!post) throw new Error(`no POST to ${path} was answered`);
      return post.upstream;
    };

    const bothPorts = () => cluster.instances.map((instance) => String(instance.port)).sort();
    const otherThan = (port: string) => bothPorts().find((other) => other !== port)!;

    /** Loads `path` in the page as a visitor's next page, the proxy sending it to `port`. Answers the instance that served it. */
    async function openFrom(port: string, path: string): Promise<string> {
      cluster.sendNextTo(Number(port), "GET", new URL(path, cluster.proxyUrl).pathname);
      const upstream = (await page.goto(path))?.headers()["x-upstream"];
      expect(upstream, `the proxy names the instance that served ${path}`).toBeTruthy();
      return upstream!;
    }

    /** Loads `path` from the instance other than `port`. Answers that instance. */
    async function openFromOther(path: string, port: string): Promise<string> {
      const other = otherThan(port);
      expect(await openFrom(other, path), `the instance that served ${path}`).toBe(other);
      return other;
    }

    /** Presses `button`, its form's POST to `path` sent to `port`; answers the instance that answered it. */
    async function submitTo(port: string, path: string, button: Locator): Promise<string> {
      cluster.sendNextTo(Number(port), "POST", path);
      const [answer] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && new URL(response.url()).pathname.replace(/\.data$/, "") === path,
        ),
        button.click(),
      ]);
      return answer.headers()["x-upstream"] ?? "";
    }

    /** The instances that served the answers of a type (`document`, `fetch`…) from `from` on, in port order. */
    function upstreamsOf(type: string, from: number): string[] {
      const answers = served.slice(from).filter((answer) => answer.type === type);
      return [...new Set(answers.map((answer) => answer.upstream))].sort();
    }

    async function expectSignedInAs(name: string) {
      await expect(page.locator(".site-header__account .account-menu__name")).toHaveText(name);
    }

    beforeAll(async () => {
      const sent = await call(cluster.proxyUrl, "POST", "/web/api/account/sendCode", {
        json: { account: phone, purpose: "register" },
      });
      expect(sent.status, sent.body.message).toBe(200);
      const registered = await call(cluster.proxyUrl, "POST", "/web/api/account/register/phone", {
        json: { phone, code: await cluster.latestCode(phone), password: PASSWORD, nickname },
      });
      expect(registered.status, registered.body.message).toBe(200);

      context = await browser.newContext({
        baseURL: cluster.proxyUrl,
        javaScriptEnabled,
        locale: "zh-CN",
        serviceWorkers: "block",
      });
      problems = await guardConsole(context);
      page = await context.newPage();
      page.on("response", (response) => {
        const request = response.request();
        const url = new URL(response.url());
        served.push({
          method: request.method(),
          path: url.pathname,
          type: request.resourceType(),
          upstream: response.headers()["x-upstream"] ?? "",
        });
      });
    });

    afterEach(() => {
      expect(problems(), "browser console errors, uncaught exceptions and CSP violations").toEqual([]);
      start = served.length;
    });

    afterAll(async () => {
      await context?.close();
    });

    it("logs in with a password and stays logged in on the user centre's pages, whichever instance serves them", async () => {
      await page.goto("/account/login?mode=password&redirect=%2Fuser");
      const form = page.locator("main");
      await form.getByLabel("账号", { exact: true }).fill(phone);
      await form.getByLabel("密码", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page).toHaveURL(/\/user$/);
      await expect(page.getByText("登录成功")).toBeVisible();
      await expectSignedInAs(nickname);

      let previous = postedTo("/account/login");
      for (const [path, title] of [
        ["/user/profile", "个人资料"],
        ["/user/favorite", "我的收藏"],
        ["/user/download", "下载记录"],
        ["/user/message", "消息"],
        ["/user", nickname],
      ] as const) {
        previous = await openFromOther(path, previous);
        await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
        await expect(page.getByTestId("summary-nickname")).toHaveText(nickname);
        await expectSignedInAs(nickname);
      }
      expect(upstreamsOf("document", start), "the instances that served this test's pages").toEqual(bothPorts());
    });

    it("lists a font favorited on its page through one instance on the pages of the other", async () => {
      const fonts = await call<{ records: Array<{ fontGNo: string; fontName: string }> }>(
        cluster.proxyUrl,
        "GET",
        "/web/api/font/getFontList?size=1",
      );
      const font = fonts.body.data.records[0]!;

      await page.goto(`/font/${font.fontGNo}`);
      const head = page.locator(".font-detail__head");
      await head.getByRole("button", { name: "收藏", exact: true }).click();
      await expect(page.getByText("已加入收藏")).toBeVisible();
      await expect(head.getByRole("button", { name: "已收藏", exact: true })).toBeVisible();

      let previous = postedTo("/resources/favorite");
      for (let load = 0; load < 2; load++) {
        previous = await openFromOther("/user/favorite", previous);
        await expect(page.locator('[data-folder="默认收藏夹"]')).toContainText("1 款字体");
      }
      await page.getByRole("link", { name: "默认收藏夹", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "默认收藏夹" })).toBeVisible();
      await expect(page.locator("main").getByRole("link", { name: font.fontName })).toBeVisible();

      await openFromOther(`/font/${font.fontGNo}`, postedTo("/resources/favorite"));
      await expect(head.getByRole("button", { name: "已收藏", exact: true })).toBeVisible();
      expect(upstreamsOf("document", start), "the instances that served this test's pages").toEqual(bothPorts());
    });

    it("shows an avatar uploaded through one instance on the page the other serves", async () => {
      const picture = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#16a085" } })
        .png()
        .toBuffer();
      await page.goto("/user/profile");
      const file = { name: "头像.png", mimeType: "image/png", buffer: picture };
      if (javaScriptEnabled) {
        await page.getByLabel("上传头像").setInputFiles(file);
        const dialog = page.getByRole("dialog", { name: "裁剪头像" });
        await dialog.getByRole("button", { name: "确定" }).click();
        await expect(dialog).toBeHidden();
      } else {
        await page.getByLabel("选择头像图片").setInputFiles(file);
        await page.getByRole("button", { name: "上传", exact: true }).click();
      }
      await expect(page.locator(".toaster").getByText("头像已更新")).toBeVisible();

      let previous = postedTo("/user/profile");
      for (const path of ["/user", "/user/favorite"]) {
        previous = await openFromOther(path, previous);
        const avatar = page.locator(".user-summary").getByRole("img", { name: `${nickname}的头像` });
        await expect(avatar).toHaveAttribute("src", /\/web\/api\/account\/avatar\/[a-f0-9]{32}\.jpg$/);
        await expect
          .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
          .toBe(256);
      }
      expect(upstreamsOf("document", start), "the instances that served this test's pages").toEqual(bothPorts());
    });

    if (javaScriptEnabled) {
      it("ran on the data requests of both instances", () => {
        expect(upstreamsOf("fetch", 0), "the instances that served the Remix data requests").toEqual(bothPorts());
      });
    }

    it("refuses a sixth wrong password after five spread over both instances, keeping the account typed", async () => {
      await page.locator(".site-header__account .account-menu__summary").click();
      await page.locator(".site-header__account").getByRole("button", { name: "退出" }).click();
      await expect(page.getByText("已退出登录")).toBeVisible();

      await page.goto("/account/login?mode=password");
      const form = page.locator("main");
      const [a, b] = bothPorts() as [string, string];
      const tryPassword = async (port: string, password: string) => {
        await form.getByLabel("账号", { exact: true }).fill(stranger);
        await form.getByLabel("密码", { exact: true }).fill(password);
        const served = await submitTo(port, "/account/login", form.getByRole("button", { name: "登录", exact: true }));
        expect(served, "the instance that answered the login").toBe(port);
      };
      // The limit is five wrong passwords per client and account: three through one instance, two through the other.
      for (let attempt = 0; attempt < 5; attempt++) {
        await tryPassword(attempt % 2 === 0 ? a : b, `Wrong-password-${attempt}`);
        await expect(form.getByText("账号或密码错误")).toBeVisible();
      }
      for (const port of [a, b]) {
        await tryPassword(port, "Wrong-password-again");
        await expect(form.getByText(/登录失败次数过多，请 \d+ 分钟后再试/)).toBeVisible();
        await expect(form.getByLabel("账号", { exact: true })).toHaveValue(stranger);
      }
    });

    it("logs in with a code sent through one instance and entered through the other", async () => {
      await page.goto("/account/login?mode=code&redirect=%2Fuser");
      const form = page.locator("main");
      await form.getByLabel("手机号", { exact: true }).fill(phone);
      const [sender, verifier] = bothPorts() as [string, string];
      const since = Date.now();
      // With JavaScript the button posts to the send-code resource route; without, the form posts to the page.
      const sentThrough = await submitTo(
        sender,
        javaScriptEnabled ? "/resources/send-code" : "/account/login",
        form.getByRole("button", { name: "获取验证码" }),
      );
      expect(sentThrough, "the instance that sent the code").toBe(sender);
      await expect(form.getByText(/验证码已发送至/)).toBeVisible();

      await form.getByLabel("验证码", { exact: true }).fill(await cluster.latestCode(phone, since));
      const verifiedBy = await submitTo(
        verifier,
        "/account/login",
        form.getByRole("button", { name: "登录", exact: true }),
      );
      expect(verifiedBy, "the instance that checked the code").toBe(verifier);
      await expect(page).toHaveURL(/\/user$/);
      await expect(page.getByText("登录成功")).toBeVisible();
      await expectSignedInAs(nickname);
    });

    it("keeps the visitor signed in and saves their change when the instance serving them is killed", async () => {
      const [doomed, survivor] = bothPorts() as [string, string];
      expect(await openFrom(doomed, "/user/profile")).toBe(doomed);
      const index = cluster.instances.findIndex((instance) => String(instance.port) === doomed) as 0 | 1;
      await cluster.instances[index].kill();
      try {
        // The visitor's next form and page are sent to the dead instance first; the proxy passes them on.
        const renamed = `${nickname}续`;
        await page.getByLabel("昵称").fill(renamed);
        const savedBy = await submitTo(doomed, "/user/profile", page.getByRole("button", { name: "保存资料" }));
        expect(savedBy, "the instance that saved the profile").toBe(survivor);
        await expect(page.locator(".toaster").getByText("资料已更新")).toBeVisible();

        expect(await openFrom(doomed, "/user"), "the instance that served the next page").toBe(survivor);
        await expect(page.getByTestId("summary-nickname")).toHaveText(renamed);
        await expectSignedInAs(renamed);
        expect(upstreamsOf("document", start), "the instances that served this test's pages").toEqual([
          doomed,
          survivor,
        ]);
      } finally {
        // The next visitor meets two instances again.
        await cluster.replace(index);
      }
    });
  });
});
