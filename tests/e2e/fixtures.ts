import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
  type Route,
} from "@playwright/test";

type ConsoleGuard = {
  /** Console errors matching this pattern are expected by the test (e.g. the 404 page's own status). */
  allow(pattern: RegExp): void;
  /** The Content-Security-Policy violations the page reported so far (`directive blocked URI`). */
  cspViolations(): string[];
};

type CspViolation = { directive: string; blocked: string; source: string };

declare global {
  interface Window {
    __reportCspViolation?: (violation: CspViolation) => void;
  }
}

/**
 * Every page a test opens fails the test if the browser reports a console error, an uncaught
 * exception or a Content-Security-Policy violation. Violations are caught twice: the page's
 * `securitypolicyviolation` events (JavaScript on) and Chromium's console report of each one
 * (also with JavaScript off, where no page script runs).
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // A service worker answers requests itself, out of `page.route`'s reach: tests that intercept
  // requests would see none. The service worker's own tests (offline.spec.ts) allow it.
  serviceWorkers: "block",
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForPageScriptsOnLoad(page);
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const violations: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${message.text()} @ ${message.location().url}`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message} @ ${page.url()}`));
      trackFontRequests(page);
      await page.exposeFunction("__reportCspViolation", (violation: CspViolation) => {
        const report = `csp: ${violation.directive} blocked ${violation.blocked || "inline"} @ ${violation.source}`;
        violations.push(report);
        errors.push(report);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__reportCspViolation?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: event.sourceFile || document.location.href,
          });
        });
      });
      await use({ allow: (pattern) => allowed.push(pattern), cspViolations: () => [...violations] });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, "browser console errors and CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isJavaScriptOn = (projectName: string) => projectName === "js-on";

/**
 * Waits until the page's scripts have run and Remix has made its router (JavaScript on): from then
 * on a click or key goes to React. Before, the page answers it as served, without JavaScript. A page
 * served without scripts (an error page, a file) has nothing to wait for.
 */
export async function pageScriptsRan(page: Page) {
  await page.waitForFunction(() => !document.getElementById("page-scripts") || "__remixRouter" in window);
}

const pagesHoldingScripts = new WeakSet<Page>();

/**
 * The page's scripts start only once it has loaded (decision 047), so a click right after `goto`
 * would reach the served HTML, not React. With JavaScript on, `goto` and `reload` that wait for the
 * load also wait for the scripts to have run, unless the test holds them (`holdPageScripts`) or
 * asked for an earlier moment (`waitUntil`). What a visitor sees before is tested on its own.
 */
function waitForPageScriptsOnLoad(page: Page) {
  const scriptsRanAfter = async <Result>(navigated: Promise<Result>, waitUntil?: string) => {
    const response = await navigated;
    if ((waitUntil ?? "load") === "load" && !pagesHoldingScripts.has(page)) await pageScriptsRan(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => scriptsRanAfter(goto(url, options), options?.waitUntil);
  page.reload = (options) => scriptsRanAfter(reload(options), options?.waitUntil);
}

/**
 * Holds the page's scripts on their way (JavaScript on): until `release` is called, the page stays
 * as served, as it is on a slow connection before its scripts are in.
 */
export async function holdPageScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  pagesHoldingScripts.add(page);
  await page.route(/\/build\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/**
 * The fonts Chromium actually used to draw the text of the first element matching `selector`,
 * read through the DevTools protocol (works with page JavaScript on or off). Cards and sections off
 * screen are laid out only once they near it: the element is scrolled to, as a visitor would, and
 * read once it is laid out and the faces it asked for have settled.
 */
export async function renderedFonts(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  const settled = () => page.evaluate(noFaceLoading);
  let fonts: Awaited<ReturnType<typeof platformFontsOf>> = [];
  await expect
    .poll(async () => {
      if (!(await settled())) return false;
      fonts = await platformFontsOf(page, selector);
      // Reading lays the element out, which may itself ask for a face.
      return fonts.length > 0 && (await settled());
    })
    .toBe(true);
  return fonts;
}

async function platformFontsOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts as Array<{ familyName: string; isCustomFont: boolean; glyphCount: number }>;
  } finally {
    await cdp.detach();
  }
}

/**
 * Scrolls the page to its end with the mouse wheel, as a visitor would. Sections and cards take
 * their height as they near the screen, so the end is found by scrolling to it.
 */
export async function scrollToPageEnd(page: Page) {
  const atPageEnd = () => page.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 2);
  for (let turn = 0; turn < 100 && !(await atPageEnd()); turn++) await page.mouse.wheel(0, 600);
  expect(await atPageEnd(), "scrolled to the end of the page").toBe(true);
}

/** The addresses of the page's images (outside `except`) not drawn: not loaded, or broken. */
export function undrawnImages(page: Page, except?: string) {
  return page.evaluate(
    (except) =>
      [...document.images]
        .filter((image) => !(except && image.closest(except)))
        // Inside a closed <details> (the 分享 panel's QR code) an image is not shown, so not loaded yet.
        .filter((image) => !image.closest("details:not([open])"))
        .filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.getAttribute("src")),
    except,
  );
}

/** The paths of the requests the page has made since the call that `matches` (filled as they are made). */
export function requestPaths(page: Page, matches: (request: Request) => boolean): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (matches(request)) asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** The stylesheets the page has asked for since the call (their paths, filled as they are asked for). */
export function stylesheetRequests(page: Page): string[] {
  return requestPaths(page, (request) => request.resourceType() === "stylesheet");
}

/**
 * Whether every face the page declared has finished loading (or failed), or not begun. Asked of each
 * face: in a full run of the suite Chromium's `document.fonts.status` was seen to stay "loading" for
 * 15 s while none of the page's faces was loading.
 */
const noFaceLoading = () => [...document.fonts].every((face) => face.status !== "loading");

/** Waits until every web font the page declared has finished loading (or failed). */
export async function fontsSettled(page: Page) {
  await page.waitForLoadState("load");
  // Asked afresh every 50 ms (page.evaluate works with page scripts off). One page.waitForFunction
  // was seen to time out on a page without JavaScript whose faces had all loaded 150 ms in, while
  // the same question asked after it was answered at once.
  try {
    await expect.poll(() => page.evaluate(noFaceLoading), { timeout: 15_000, intervals: [50] }).toBe(true);
  } catch (error) {
    const requests = [...(fontRequestsInFlight.get(page) ?? [])].map(
      ([request, since]) => `${request.url()}（${Date.now() - since} ms）`,
    );
    const faces = await fontsStillLoading(page);
    throw new Error(`网页字体 15 秒后仍在加载：${JSON.stringify({ faces, requests })}`, { cause: error });
  }
}

/** Per page, the font requests not yet answered, with when each was made. */
const fontRequestsInFlight = new WeakMap<Page, Map<Request, number>>();

function trackFontRequests(page: Page) {
  const inFlight = new Map<Request, number>();
  fontRequestsInFlight.set(page, inFlight);
  page.on("request", (request) => {
    if (request.resourceType() === "font") inFlight.set(request, Date.now());
  });
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
}

/** The families of the faces still loading, and the set's own status. */
function fontsStillLoading(page: Page) {
  return page.evaluate(() => ({
    status: document.fonts.status,
    faces: [...document.fonts].filter((face) => face.status === "loading").map((face) => face.family),
  }));
}

const inboxOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3310) + 18}`;

/**
 * The latest verification code the site delivered to a phone number or e-mail address (SMS gateway or SMTP).
 * `baseURL`: the site of a project with a server of its own (its inbox is 18 ports above it).
 */
export async function latestCode(to: string, baseURL?: string): Promise<string> {
  const inbox = baseURL ? `http://127.0.0.1:${Number(new URL(baseURL).port) + 18}` : inboxOrigin;
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${inbox}/inbox/latest?to=${encodeURIComponent(to)}`);
    const message = (await response.json()) as { code: string | null } | null;
    if (message?.code) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`没有收到发给 ${to} 的验证码`);
}

const rand = (n: number) => Math.floor(Math.random() * n);

/** A string no other test run has used, for e-mail addresses, names and codes. */
export const unique = () => `${Date.now().toString(36)}${rand(1e6).toString(36)}`;

/** A fresh mainland mobile number. */
export const newPhone = () => `13${String(rand(1e9)).padStart(9, "0")}`;

/**
 * A client address of its own, sent as X-Forwarded-For (the e2e server trusts it from loopback):
 * the backend caps verification codes and logins per client IP, and every test shares one server.
 */
export const clientAddress = () => `10.${rand(256)}.${rand(256)}.${1 + rand(254)}`;

/**
 * Registers a fresh user by e-mail through the API, from a client address of its own (the backend
 * caps codes per client IP), and answers its e-mail, password and token.
 */
export async function registerByEmail(
  request: APIRequestContext,
  {
    password = "e2e-password-1",
    prefix = "u",
    nickname,
  }: { password?: string; prefix?: string; nickname?: string } = {},
): Promise<{ email: string; password: string; token: string }> {
  const headers = { "X-Forwarded-For": clientAddress() };
  const email = `${prefix}${unique()}@example.com`;
  const sent = (await (
    await request.post("/web/api/account/sendCode", { data: { account: email, purpose: "register" }, headers })
  ).json()) as { code: string; message: string };
  expect(sent.code, sent.message).toBe("200");
  const registered = await request.post("/web/api/account/register/email", {
    data: { email, code: await latestCode(email), password, ...(nickname ? { nickname } : {}) },
    headers,
  });
  const body = (await registered.json()) as { code: string; message: string; data: { token: string } };
  expect(body.code, body.message).toBe("200");
  return { email, password, token: body.data.token };
}

/** Logs in through the API from a client address of its own; answers the envelope. */
export async function apiLogin(request: APIRequestContext, account: string, password: string) {
  const headers = { "X-Forwarded-For": clientAddress() };
  const response = await request.post("/web/api/login", { data: { account, password }, headers });
  return (await response.json()) as { code: string; message: string; data: { token: string } | null };
}

/** Registers a fresh user (as `registerByEmail`) and signs `context` in as them. */
export async function signedInUser(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string | undefined,
  user?: Parameters<typeof registerByEmail>[1],
) {
  const registered = await registerByEmail(request, user);
  await signIn(context, baseURL, registered.token);
  return registered;
}

/** Signs the browser in by giving it the user's token cookie. */
export async function signIn(context: BrowserContext, baseURL: string | undefined, token: string) {
  await context.addCookies([{ name: "token", value: token, url: baseURL ?? "http://127.0.0.1:3310" }]);
}

/** Fills and submits the password login form on the page already open (`/account/login?mode=password…`). */
export async function submitPasswordLogin(page: Page, account: string, password: string, within?: Locator) {
  const main = within ?? page.locator("main");
  await main.getByLabel("账号", { exact: true }).fill(account);
  await main.getByLabel("密码", { exact: true }).fill(password);
  await main.getByRole("button", { name: "登录", exact: true }).click();
}

/** The catalogue numbers of the first `size` fonts of the font list. */
export async function firstFonts(request: APIRequestContext, size: number) {
  const response = await request.get(`/web/api/font/getFontList?size=${size}`);
  const body = (await response.json()) as { data: { records: Array<{ fontGNo: string }> } };
  return body.data.records.map((record) => record.fontGNo);
}
