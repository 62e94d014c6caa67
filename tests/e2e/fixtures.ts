import { test as base, expect, type Page } from "@playwright/test";

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
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const violations: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${message.text()} @ ${message.location().url}`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
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
 * The fonts Chromium actually used to draw the text of the first element matching `selector`,
 * read through the DevTools protocol (works with page JavaScript on or off).
 */
export async function renderedFonts(page: Page, selector: string) {
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

/** Waits until every web font the page declared has finished loading (or failed). */
export async function fontsSettled(page: Page) {
  await page.waitForLoadState("load");
  // document.fonts is reachable from Playwright's isolated world even when page scripts are off.
  await page.waitForFunction(() => document.fonts.status === "loaded", undefined, { timeout: 15_000 });
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
