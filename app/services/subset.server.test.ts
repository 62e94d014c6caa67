import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPreviewFaces } from "./subset.server";

type Seen = { method: string; url: string; contentType: string; body: unknown };

let server: Server;
let base = "";
let seen: Seen[] = [];
let reply: (body: unknown, res: ServerResponse) => void = () => {};

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => resolve(text));
  });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(payload));
}

/** The service's answer for each item, with `extra` fields of its own. */
function ok(body: unknown, res: ServerResponse, extra: (gno: string) => object = () => ({})) {
  const items = body as { gno: string; text: string }[];
  send(res, 200, {
    code: "200",
    message: "success",
    data: items.map((item) => ({
      gno: item.gno,
      text: item.text,
      familyName: `A${item.gno}-abc123`,
      woffPath: `/webfont/files/${item.gno}-abc123.woff?t=1`,
      ttfPath: `/webfont/files/${item.gno}-abc123.ttf?t=1`,
      ...extra(item.gno),
    })),
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const raw = await read(req);
    const body = parseJson(raw);
    seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"] ?? "", body });
    reply(body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  reply = ok;
});

/** A page request on a server whose subset service listens at `origin`. */
function caller(origin = base) {
  return { request: new Request("http://site.test/font"), context: { internalOrigin: origin } };
}

describe("loadPreviewFaces", () => {
  it("marks the characters the service says a font lacks, without fetching the subset back", async () => {
    reply = (body, res) => ok(body, res, (gno) => ({ lacking: gno === "10001" ? "龘" : "" }));
    const faces = await loadPreviewFaces(
      caller(),
      [
        { gno: "10001", text: "龍龘 字" },
        { gno: "10002", text: "龍龘" },
      ],
      { checkCoverage: true },
    );
    expect(faces["10001"]?.missing).toEqual(["龘"]);
    expect(faces["10002"]?.missing).toEqual([]);
    expect(faces["10001"]).not.toHaveProperty("lacking");
    expect(seen.map((request) => request.method)).toEqual(["POST"]);
  });

  it("reads a subset's own file for what it lacks when the service does not say", async () => {
    reply = (body, res) =>
      Array.isArray(body) ? ok(body, res) : send(res, 404, { code: "404", message: "文件不存在" });
    await loadPreviewFaces(caller(), [{ gno: "10001", text: "龍龘" }], { checkCoverage: true });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST /webfont/http",
      "GET /webfont/files/10001-abc123.ttf?t=1",
    ]);
  });

  it("posts one batch of {gno, text} and keys faces by gno", async () => {
    const faces = await loadPreviewFaces(
      caller(),
      [
        { gno: "10001", text: "点赞关注 点赞" },
        { gno: "10002", text: "你好" },
      ],
      { browserSubsetBase: "" },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("POST");
    expect(seen[0].url).toBe("/webfont/http");
    expect(seen[0].contentType).toContain("application/json");
    expect(seen[0].body).toEqual([
      { gno: "10001", text: "点赞关注" },
      { gno: "10002", text: "你好" },
    ]);
    expect(faces).toEqual({
      "10001": {
        gno: "10001",
        familyName: "A10001-abc123",
        woffPath: "/webfont/files/10001-abc123.woff?t=1",
        ttfPath: "/webfont/files/10001-abc123.ttf?t=1",
      },
      "10002": {
        gno: "10002",
        familyName: "A10002-abc123",
        woffPath: "/webfont/files/10002-abc123.woff?t=1",
        ttfPath: "/webfont/files/10002-abc123.ttf?t=1",
      },
    });
  });

  it("prefixes file paths with the browser subset base when set", async () => {
    const faces = await loadPreviewFaces(caller(), [{ gno: "10001", text: "你好" }], {
      browserSubsetBase: "https://subset.example.com/",
    });
    expect(faces["10001"].woffPath).toBe("https://subset.example.com/webfont/files/10001-abc123.woff?t=1");
    expect(faces["10001"].ttfPath).toBe("https://subset.example.com/webfont/files/10001-abc123.ttf?t=1");
  });

  it("keeps absolute file URLs", async () => {
    reply = (_body, res) =>
      send(res, 200, {
        code: "200",
        message: "success",
        data: [
          {
            gno: "7",
            text: "好",
            familyName: "A7-x",
            woffPath: "https://cdn.example.com/a.woff",
            ttfPath: "//cdn.example.com/a.ttf",
          },
        ],
      });
    const faces = await loadPreviewFaces(caller(), [{ gno: "7", text: "好" }], { browserSubsetBase: "https://s" });
    expect(faces["7"]).toEqual({
      gno: "7",
      familyName: "A7-x",
      woffPath: "https://cdn.example.com/a.woff",
      ttfPath: "//cdn.example.com/a.ttf",
    });
  });

  it("gives {} and logs the call and the field when the answer breaks the contract (no family name)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      reply = (_body, res) =>
        send(res, 200, {
          code: "200",
          message: "success",
          data: [{ gno: "7", text: "好", familyName: "", woffPath: "/a.woff", ttfPath: "/a.ttf" }],
        });
      expect(await loadPreviewFaces(caller(), [{ gno: "7", text: "好" }], { browserSubsetBase: "" })).toEqual({});
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[api\] POST \/webfont\/http .*data\.0\.familyName/));
    } finally {
      logged.mockRestore();
    }
  });

  it("declares a family name that starts with a digit with a leading A", async () => {
    reply = (_body, res) =>
      send(res, 200, {
        code: "200",
        message: "success",
        data: [{ gno: "7", text: "好", familyName: "7-x", woffPath: "/a.woff", ttfPath: "/a.ttf" }],
      });
    const faces = await loadPreviewFaces(caller(), [{ gno: "7", text: "好" }], { browserSubsetBase: "" });
    expect(faces["7"]?.familyName).toBe("A7-x");
  });

  it("limits and dedupes text, and dedupes gnos", async () => {
    const long = Array.from({ length: 400 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("");
    await loadPreviewFaces(
      caller(),
      [
        { gno: "1", text: long },
        { gno: "1", text: "重复" },
      ],
      { browserSubsetBase: "" },
    );
    const body = seen[0].body as { gno: string; text: string }[];
    expect(body).toHaveLength(1);
    expect(Array.from(body[0].text)).toHaveLength(200);
  });

  it("returns {} on a non-200 code", async () => {
    reply = (_body, res) => send(res, 400, { code: "400", message: "字体 99999 不存在", data: null });
    expect(await loadPreviewFaces(caller(), [{ gno: "99999", text: "你好" }], { browserSubsetBase: "" })).toEqual({});
    reply = (_body, res) => send(res, 200, { code: 200, message: "number code", data: [] });
    expect(await loadPreviewFaces(caller(), [{ gno: "1", text: "你好" }], { browserSubsetBase: "" })).toEqual({});
    reply = (_body, res) => send(res, 200, { code: "500", message: "x", data: [] });
    expect(await loadPreviewFaces(caller(), [{ gno: "1", text: "你好" }], { browserSubsetBase: "" })).toEqual({});
  });

  it("retries items one by one when a multi-item batch is rejected, keeping the good faces", async () => {
    reply = (body, res) => {
      const items = body as { gno: string }[];
      if (items.some((item) => item.gno === "10037")) {
        send(res, 500, { code: "500", message: "服务器错误，请联系管理员", data: null });
      } else ok(body, res);
    };
    const faces = await loadPreviewFaces(
      caller(),
      [
        { gno: "10001", text: "你好" },
        { gno: "10037", text: "你好" },
        { gno: "10002", text: "你好" },
      ],
      { browserSubsetBase: "" },
    );
    expect(Object.keys(faces).sort()).toEqual(["10001", "10002"]);
    expect(seen).toHaveLength(4);
    expect((seen[0].body as unknown[]).length).toBe(3);
  });

  it("returns {} on malformed JSON, HTTP errors, timeouts and unreachable hosts", async () => {
    reply = (_body, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html>");
    };
    expect(await loadPreviewFaces(caller(), [{ gno: "1", text: "你" }], { browserSubsetBase: "" })).toEqual({});

    reply = () => {
      /* never answers */
    };
    const started = Date.now();
    expect(
      await loadPreviewFaces(caller(), [{ gno: "1", text: "你" }], { browserSubsetBase: "", timeoutMs: 200 }),
    ).toEqual({});
    expect(Date.now() - started).toBeLessThan(3000);

    expect(
      await loadPreviewFaces(caller("http://127.0.0.1:1"), [{ gno: "1", text: "你" }], { browserSubsetBase: "" }),
    ).toEqual({});
  });

  it("ignores unsafe family names", async () => {
    reply = (_body, res) =>
      send(res, 200, {
        code: "200",
        message: "success",
        data: [{ gno: "1", text: "你", familyName: 'x"};</style>', woffPath: "/a.woff", ttfPath: "/a.ttf" }],
      });
    expect(await loadPreviewFaces(caller(), [{ gno: "1", text: "你" }], { browserSubsetBase: "" })).toEqual({});
  });

  it("makes no request for an empty batch or empty texts (nothing to subset)", async () => {
    expect(await loadPreviewFaces(caller(), [], { browserSubsetBase: "" })).toEqual({});
    expect(
      await loadPreviewFaces(
        caller(),
        [
          { gno: "1", text: "" },
          { gno: "2", text: "  \n" },
        ],
        { browserSubsetBase: "" },
      ),
    ).toEqual({});
    expect(seen).toHaveLength(0);
  });
});
