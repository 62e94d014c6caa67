import { renderToString } from "react-dom/server";
import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { encodeSharedHydrationData } from "./hydration-data.server";
import { KeptPages } from "./kept-pages";
import type { RootData } from "./root-data";
import {
  answeredFromTemplate,
  assembleVisitorPage,
  makeVisitorPageTemplate,
  NONCE_MARK,
  sameSharedRoot,
  visitorPartsTemplate,
  type VisitorPageTemplate,
  type VisitorPartPickers,
} from "./visitor-page-template.server";
import { useVisitorValue, VisitorPart, VisitorPartsTemplateContext } from "./visitor-parts";

const FONTS = ["10004", "10027", "10035"];

/** The visitor's name, as a value. */
function Greeting({ nickname }: { nickname: string }) {
  const name = useVisitorValue(nickname, (root) => root.user?.nickname ?? "访客");
  return <p title={name}>你好，{name}！</p>;
}

/** A page with shared markup, a nonce, a value, and a compare button per font (a visitor part). */
function Page({ compare, nonce, nickname }: { compare: string[]; nonce: string; nickname: string }) {
  return (
    <main>
      <script nonce={nonce}>{"/* shared */"}</script>
      <h1>字体库 &amp; 对比</h1>
      <Greeting nickname={nickname} />
      <ul>
        {FONTS.map((gno) => (
          <li key={gno}>
            <span>{gno}</span>
            <VisitorPart
              states={["out", "in"] as const}
              state={compare.includes(gno) ? "in" : "out"}
              pick={(root) => ((root.compareFontGNos ?? []).includes(gno) ? "in" : "out")}
              render={(state) => (
                <button type="submit" data-in-compare={state === "in"}>
                  {state === "in" ? "移出对比" : "加入对比"}
                </button>
              )}
            />
          </li>
        ))}
      </ul>
    </main>
  );
}

const visitor = (compareFontGNos: string[], nickname?: string) =>
  ({
    loggedIn: Boolean(nickname),
    user: nickname ? { id: 1, nickname, avatarUrl: null } : null,
    toast: null,
    compareFontGNos,
  }) as unknown as RootData;
const ROUTES = { "routes/font": { fonts: FONTS } };

function template(expiresAt = Infinity): VisitorPageTemplate {
  const pickers: VisitorPartPickers = { parts: [], values: [] };
  const html = renderToString(
    <VisitorPartsTemplateContext.Provider value={visitorPartsTemplate(pickers)}>
      <Page compare={[]} nonce={NONCE_MARK} nickname="访客" />
    </VisitorPartsTemplateContext.Provider>,
  );
  const made = makeVisitorPageTemplate(html, encodeSharedHydrationData({ root: undefined, ...ROUTES }), {
    pickers,
    sharedRoot: {},
    headers: [],
    fontVisit: null,
    expiresAt,
  });
  if (!made) throw new Error("no template");
  return made;
}

async function hydrationData(page: string) {
  const script = /streamController\.enqueue\((".*?")\);<\/script>/.exec(page)![1]!;
  const text = JSON.parse(script) as string;
  const result = await decode(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
  );
  return result.value;
}

describe("a visitor's page put together from a template", () => {
  it.each([
    [[], undefined],
    [["10027"], "小明"],
    [["10004", "10035"], `<b>"Tom" & 'Jerry'</b>`],
    [FONTS, undefined],
  ])("is the page rendered for that visitor, nonce included (compare list %j, name %s)", async (compare, nickname) => {
    const page = Buffer.from(assembleVisitorPage(template(), visitor(compare, nickname), "abc123")!).toString("utf8");
    const rendered = renderToString(<Page compare={compare} nonce="abc123" nickname={nickname ?? "访客"} />);
    expect(page.slice(0, rendered.length)).toBe(rendered);
    expect(page).not.toContain("visitor-part");
    expect(page).not.toContain("\uE000");
    expect(await hydrationData(page)).toEqual({
      loaderData: { root: visitor(compare, nickname), ...ROUTES },
      actionData: null,
      errors: null,
    });
    expect(page.match(/nonce="abc123"/g)).toHaveLength(3);
  });

  it("is not put together when a part's picker names a state the template does not hold", () => {
    const made = template();
    made.pickers.parts = made.pickers.parts.map(() => () => "a state no part renders");
    expect(assembleVisitorPage(made, visitor(["10004"]), "abc123")).toBeNull();
  });

  it("is not made from markup whose parts nest", () => {
    const nested =
      '<visitor-part data-part="0" data-state="a"><visitor-part data-part="1" data-state="b">x</visitor-part></visitor-part>';
    expect(makeVisitorPageTemplate(nested, encodeSharedHydrationData({}), template())).toBeNull();
  });

  it("serves visitors signed in or not, but not one with a flash message or a folder menu", () => {
    expect(answeredFromTemplate(visitor(["10004"]))).toBe(true);
    expect(answeredFromTemplate(visitor([], "小明"))).toBe(true);
    const folders = [
      { id: 1, name: "默认收藏夹", fontGNos: [] },
      { id: 2, name: "标题字", fontGNos: ["10004"] },
    ];
    expect(answeredFromTemplate({ ...visitor([], "小明"), favoriteFolders: folders.slice(0, 1) })).toBe(true);
    expect(answeredFromTemplate({ ...visitor([], "小明"), favoriteFolders: folders })).toBe(false);
    const flashed = { ...visitor([]), toast: { type: "success", message: "已保存" } } as RootData;
    expect(answeredFromTemplate(flashed)).toBe(false);
    expect(answeredFromTemplate(undefined)).toBe(false);
  });

  it("serves a visitor only while the root's shared fields are the template's, whoever the visitor is", () => {
    const shared = { appTitle: "短视频字体", friendLinks: [{ id: 1, name: "站酷" }], year: 2026 };
    const made = { sharedRoot: { ...shared } };
    expect(sameSharedRoot(made, { ...visitor(["10004"], "小明"), ...shared } as RootData)).toBe(true);
    expect(sameSharedRoot(made, { ...visitor([]), ...shared } as RootData)).toBe(true);
    const relinked = { ...shared, friendLinks: [{ id: 1, name: "站酷网" }] };
    expect(sameSharedRoot(made, { ...visitor([]), ...relinked } as RootData)).toBe(false);
    expect(sameSharedRoot(made, { ...visitor([]), ...shared, year: 2027 } as RootData)).toBe(false);
  });
});

describe("templates kept by address", () => {
  it("forgets a template once it expires", () => {
    let now = 1_000;
    const templates = new KeptPages<VisitorPageTemplate>(1024 * 1024, () => now);
    templates.keep("a", template(2_000));
    expect(templates.fresh("a")).toBeDefined();
    now = 2_000;
    expect(templates.fresh("a")).toBeUndefined();
  });

  it("makes a template the second time an address is asked for, and whenever one was made before", () => {
    let now = 1_000;
    const templates = new KeptPages<VisitorPageTemplate>(1024 * 1024, () => now);
    expect(templates.worthKeeping("/font?text=新字")).toBe(false);
    expect(templates.worthKeeping("/font?text=新字")).toBe(true);
    templates.keep("/font", template(2_000));
    now = 3_000;
    expect(templates.fresh("/font")).toBeUndefined();
    expect(templates.worthKeeping("/font")).toBe(true);
  });

  it("keeps at most its bound, the least recently used forgotten first", () => {
    const one = template();
    const templates = new KeptPages<VisitorPageTemplate>(one.bytes * 2);
    templates.keep("a", one);
    templates.keep("b", template());
    expect(templates.fresh("a")).toBeDefined();
    templates.keep("c", template());
    expect(templates.fresh("b")).toBeUndefined();
    expect(templates.fresh("a")).toBeDefined();
    expect(templates.fresh("c")).toBeDefined();
    expect(new KeptPages<VisitorPageTemplate>(0).fresh("a")).toBeUndefined();
  });
});
