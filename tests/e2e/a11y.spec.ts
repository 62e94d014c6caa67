import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { test, expect, registerByEmail, signedInUser } from "./fixtures";
import { publicPages, USER_PAGES } from "./site-pages";

/**
 * Every page of the site, signed out and signed in, with light and dark previews: axe finds no
 * serious or critical violation, and no page's HTML carries a NUL byte.
 */

const A11Y_USER = { prefix: "a11y", password: "a11y-check-1", nickname: "无障碍检查" };

type Finding = { page: string; scheme: string; rule: string; impact: string; targets: string[] };

/** axe's serious and critical findings on `page` as it is now, labelled with where they were found. */
async function seriousViolations(page: Page, where: string, scheme: string): Promise<Finding[]> {
  // Sections under `content-visibility: auto` are drawn only once near the screen, and axe reads a
  // text's background from what is drawn: each is drawn for axe as a visitor sees it on screen.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *"))
      if (getComputedStyle(element).getPropertyValue("content-visibility") === "auto")
        element.style.setProperty("content-visibility", "visible");
  });
  // axe finds a text's background among what is painted at its place: the sections just made
  // visible are painted first (in one CI run, the footer's links were read against the page's white).
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: where,
      scheme,
      rule: `${violation.id}: ${violation.help}`,
      impact: violation.impact ?? "",
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

async function checkPages(page: Page, paths: string[], scheme: "light" | "dark") {
  // Reduced motion: axe measures the colours a page settles on, not a frame of its fade-in.
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("load");
    findings.push(...(await seriousViolations(page, path, scheme)));
  }
  expect(findings, "serious or critical axe violations").toEqual([]);
}

/**
 * Where axe looks. axe runs as a script in the page, which a context without JavaScript cannot run;
 * for that project axe gets a context of its own where the site's script files are refused: the
 * page never hydrates, so axe checks the document visitors without JavaScript are served.
 */
async function contextForAxe(
  browser: Browser,
  context: BrowserContext,
  javaScriptEnabled: boolean,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  if (javaScriptEnabled) return context;
  const withoutSiteScripts = await browser.newContext({ baseURL, javaScriptEnabled: true, serviceWorkers: "block" });
  await withoutSiteScripts.route(
    (url) => url.origin === new URL(baseURL ?? "http://127.0.0.1").origin,
    (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()),
  );
  return withoutSiteScripts;
}

test.describe("accessibility", () => {
  test.setTimeout(600_000);

  for (const scheme of ["light", "dark"] as const) {
    test(`axe finds no serious violation on any public page (${scheme})`, async ({
      browser,
      context,
      page,
      request,
      baseURL,
      javaScriptEnabled,
      consoleGuard,
    }) => {
      consoleGuard.allow(/status of 404/);
      const checked = await contextForAxe(browser, context, javaScriptEnabled, baseURL);
      await checkPages(checked === context ? page : await checked.newPage(), await publicPages(request), scheme);
      if (checked !== context) await checked.close();
    });

    test(`axe finds no serious violation on the user centre when signed in (${scheme})`, async ({
      browser,
      page,
      context,
      request,
      baseURL,
      javaScriptEnabled,
    }) => {
      const checked = await contextForAxe(browser, context, javaScriptEnabled, baseURL);
      await signedInUser(request, checked, baseURL, A11Y_USER);
      await checkPages(checked === context ? page : await checked.newPage(), USER_PAGES, scheme);
      if (checked !== context) await checked.close();
    });
  }

  test("axe finds no serious violation on the home page on a phone, its style cards folded and unfolded", async ({
    browser,
    context,
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const checked = await contextForAxe(browser, context, javaScriptEnabled, baseURL);
    const phone = checked === context ? page : await checked.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto("/");
    await phone.waitForLoadState("load");
    const findings = await seriousViolations(phone, "/ (folded)", "light");
    await phone.getByText(/^展开全部 \d+ 种风格$/).click();
    await expect(phone.locator(".category-grid__item--folded").first()).toBeVisible();
    findings.push(...(await seriousViolations(phone, "/ (unfolded)", "light")));
    expect(findings, "serious or critical axe violations").toEqual([]);
    if (checked !== context) await checked.close();
  });

  test("no page's HTML contains a NUL byte", async ({ request }) => {
    const { token } = await registerByEmail(request, A11Y_USER);
    const pages = [
      ...(await publicPages(request)).map((path) => ({ path, signedIn: false })),
      ...USER_PAGES.map((path) => ({ path, signedIn: true })),
    ];
    const withNul: string[] = [];
    for (const { path, signedIn } of pages) {
      const response = await request.get(path, { headers: signedIn ? { Cookie: `token=${token}` } : {} });
      expect(response.headers()["content-type"], path).toContain("text/html");
      if ((await response.body()).includes(0)) withNul.push(path);
    }
    expect(withNul).toEqual([]);
  });
});
