import type { APIRequestContext } from "@playwright/test";

/** The pages of the site a browser test can walk through, with real ids for the detail pages. */

type Envelope<T> = { code: string; message: string; data: T };

/** The first link on `listPath` to one of its items (`/news/12`), read from the page's HTML. */
async function firstItemPath(request: APIRequestContext, listPath: string): Promise<string | null> {
  const html = await (await request.get(listPath)).text();
  const match = new RegExp(`href="(${listPath}/[^"/?#.]+)"`).exec(html);
  return match?.[1] ?? null;
}

async function firstFontGNo(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get("/web/api/font/getFontList?current=1&size=1")).json()) as Envelope<{
    records: Array<{ fontGNo: string }>;
  }>;
  return list.data.records[0]!.fontGNo;
}

/** Every page route a visitor can open, with real ids for the detail pages. */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const gno = await firstFontGNo(request);
  const details = await Promise.all(
    ["/news", "/baike", "/case", "/album", "/video", "/variable"].map((list) => firstItemPath(request, list)),
  );
  return [
    "/",
    "/font",
    "/font?layout=stick",
    "/font?layout=table",
    "/font?theme=dark",
    "/font?layout=stick&theme=dark",
    "/font?layout=table&theme=dark",
    // Narrowed by a subtitle file: the line naming it, in both themes.
    `/font?fonts=${gno}&subtitle=%E7%AC%AC%E4%B8%80%E9%9B%86%E5%AD%97%E5%B9%95-%E6%9C%80%E7%BB%88%E7%89%88-1080p.srt`,
    "/font?fonts=none&subtitle=vlog.srt&theme=dark",
    `/font/${gno}`,
    `/font/${gno}?theme=dark`,
    `/font/${gno}?download=1`,
    "/news",
    "/baike",
    "/case",
    "/album",
    "/video",
    "/variable",
    "/variable/list",
    ...details.filter((path): path is string => path !== null),
    "/search?keyword=%E9%BB%91",
    "/contact",
    "/web-fonts",
    `/font/${gno}?share=1`,
    "/submit",
    "/player",
    "/user/compare",
    "/user/compare?theme=dark",
    "/studio",
    `/studio?font=${gno}&title=%E5%91%A8%E6%9C%AB%E5%8E%BB%E5%93%AA%E7%8E%A9&preset=bar&safe=douyin&safe=kuaishou`,
    "/studio?frame=16x9&safe=bilibili",
    "/subtitles",
    "/agreement/font",
    "/agreement/register",
    "/account/login",
    "/account/register",
    "/account/forget",
    "/no-such-page-here",
  ];
}

/** The user centre's pages (a signed-in visitor's). */
export const USER_PAGES = ["/user", "/user/profile", "/user/download", "/user/favorite", "/user/message"];
