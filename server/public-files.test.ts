import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFiles } from "./public-files.js";

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "public-files-"));
  mkdirSync(path.join(dir, "images"));
  writeFileSync(path.join(dir, "images/empty.svg"), "<svg/>");
  writeFileSync(path.join(dir, "favicon.svg"), "<svg></svg>");
  writeFileSync(path.join(dir, "index.html"), "not a page of the site");
  const app = express();
  app.use(publicFiles(dir, { maxAge: "1h" }));
  app.use((req, res) => {
    res.status(200).send(`page ${req.path}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("publicFiles", () => {
  it("serves the files under the folder's entries, with their caching", async () => {
    const image = await fetch(`${origin}/images/empty.svg`);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe("<svg/>");
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${origin}/favicon.svg`)).text()).toBe("<svg></svg>");
    expect(await (await fetch(`${origin}/%69mages/empty.svg`)).text()).toBe("<svg/>");
  });

  it("leaves every other address, the home page among them, to the pages", async () => {
    expect(await (await fetch(`${origin}/`)).text()).toBe("page /");
    expect(await (await fetch(`${origin}/font/10027`)).text()).toBe("page /font/10027");
    expect(await (await fetch(`${origin}/images`)).text()).not.toBe("page /images");
    expect(await (await fetch(`${origin}/images/missing.svg`)).text()).toBe("page /images/missing.svg");
    expect(await (await fetch(`${origin}/%E0%A4%A/x`)).text()).toBe("page /%E0%A4%A/x");
  });
});
