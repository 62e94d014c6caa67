import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFavoriteFontGNos, loadFavoritesState } from "./favorites.server";

let server: Server;
let origin = "";
let folders: unknown = [];
let articleIds: unknown = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const data = req.url?.startsWith("/web/api/account/favorite-article/allIds") ? articleIds : folders;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ code: "200", message: "success", data }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const caller = () => ({
  request: new Request("http://site.test/", { headers: { Cookie: "token=t" } }),
  context: { internalOrigin: origin },
});
const font = (fontGNo: string) => ({ fontGNo, familyName: "站酷快乐体", fontName: "站酷快乐体 常规" });

describe("listFavoriteFontGNos", () => {
  it("gives every collected font once, in folder order", async () => {
    folders = [
      { id: 1, name: "我的收藏", fontList: [font("10003"), font("10001")] },
      { id: 2, name: "空", fontList: [] },
      { id: 3, name: "又一个", fontList: [font("10001"), font("10007")] },
    ];
    expect(await listFavoriteFontGNos(caller())).toEqual(["10003", "10001", "10007"]);
  });

  it("gives [] for a user without folders", async () => {
    folders = [];
    expect(await listFavoriteFontGNos(caller())).toEqual([]);
  });
});

describe("loadFavoritesState", () => {
  it("gives the fonts once, each folder's fonts, and the articles as kind:id", async () => {
    folders = [
      { id: 1, name: "默认收藏夹", fontList: [font("10003"), font("10001")] },
      { id: 4, name: "字幕", fontList: [font("10001")] },
    ];
    articleIds = [
      { kind: "news", id: 3 },
      { kind: "album", id: 12 },
    ];
    expect(await loadFavoritesState(caller())).toEqual({
      fontGNos: ["10003", "10001"],
      folders: [
        { id: 1, name: "默认收藏夹", fontGNos: ["10003", "10001"] },
        { id: 4, name: "字幕", fontGNos: ["10001"] },
      ],
      articleKeys: ["news:3", "album:12"],
    });
  });

  it("refuses an answer that breaks the contract", async () => {
    folders = [];
    articleIds = [{ kind: "font", id: 1 }];
    await expect(loadFavoritesState(caller())).rejects.toThrow();
  });
});
