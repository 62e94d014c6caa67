// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCRIPTS_AT_LATEST_MS, START_PAGE_SCRIPTS } from "./deferred-scripts";

/** The page as served: Remix's scripts in the template, then the script that starts them. */
function servePage() {
  document.body.innerHTML =
    '<template id="page-scripts">' +
    '<link rel="modulepreload" href="/build/assets/entry.js">' +
    '<script nonce="old">window.__remixContext = {};</script>' +
    '<script nonce="old" type="module" async="">import "/build/assets/entry.js";</script>' +
    "</template>";
  const starter = document.createElement("script");
  starter.nonce = "answer-nonce";
  starter.dataset.starter = "";
  document.body.append(starter);
  Object.defineProperty(document, "currentScript", { value: starter, configurable: true });
  new Function(START_PAGE_SCRIPTS)();
}

const copied = (selector: string) => [...document.body.querySelectorAll(`:scope > ${selector}:not([data-starter])`)];

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
});

afterEach(() => {
  // A page's starter still waiting would start on the next test's load event.
  vi.runAllTimers();
  vi.useRealTimers();
  Reflect.deleteProperty(document, "readyState");
  Reflect.deleteProperty(document, "currentScript");
  document.body.innerHTML = "";
});

describe("the page's held scripts", () => {
  it("set up Remix's context at once, with the answer's nonce, and fetch nothing before the load", () => {
    servePage();
    const [context] = copied("script:not([type])");
    expect(context?.textContent).toBe("window.__remixContext = {};");
    expect((context as HTMLScriptElement).nonce).toBe("answer-nonce");
    expect(copied("link")).toEqual([]);
    expect(copied("script[type=module]")).toEqual([]);
  });

  it("add the module preloads and modules once the page has loaded, once", () => {
    servePage();
    window.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(SCRIPTS_AT_LATEST_MS);
    expect(copied("link").map((link) => link.getAttribute("href"))).toEqual(["/build/assets/entry.js"]);
    const modules = copied("script[type=module]") as HTMLScriptElement[];
    expect(modules.map((module) => [module.text, module.nonce, module.hasAttribute("async")])).toEqual([
      ['import "/build/assets/entry.js";', "answer-nonce", true],
    ]);
  });

  it(`add them ${SCRIPTS_AT_LATEST_MS} ms after the HTML ended when the load takes longer`, () => {
    servePage();
    vi.advanceTimersByTime(SCRIPTS_AT_LATEST_MS - 1);
    expect(copied("script[type=module]")).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(copied("script[type=module]")).toHaveLength(1);
    window.dispatchEvent(new Event("load"));
    expect(copied("script[type=module]")).toHaveLength(1);
  });

  it("add them without waiting on a page already loaded, the module first, each in a task of its own", () => {
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    servePage();
    expect(copied("script[type=module], link")).toEqual([]);
    expect(vi.getTimerCount()).toBe(2);
    vi.runOnlyPendingTimers();
    expect(copied("script[type=module], link").map((element) => element.localName)).toEqual(["script", "link"]);
  });
});
