import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { inProcessExpressApp, inProcessFetch } from "./in-process-fetch";

describe("inProcessFetch", () => {
  it("answers an Express app's response in process, and the site's own Express app still serves visitors", async () => {
    const backend = inProcessExpressApp();
    backend.use(express.json());
    backend.post("/api/echo", (req, res) => {
      res
        .status(201)
        .set("X-Seen-For", req.get("x-forwarded-for") ?? "")
        .json({ got: req.body });
    });
    const backendFetch = inProcessFetch(backend);

    const site = express();
    site.get("/page", async (_req, res) => {
      const answer = await backendFetch("http://backend.invalid/api/echo", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
        body: JSON.stringify({ text: "你好" }),
      });
      res.set("X-Backend-Status", String(answer.status)).set("X-Backend-For", answer.headers.get("x-seen-for") ?? "");
      res.send(await answer.text());
    });
    const server = site.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const page = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/page`);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-backend-status")).toBe("201");
      expect(page.headers.get("x-backend-for")).toBe("203.0.113.9");
      expect(await page.json()).toEqual({ got: { text: "你好" } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("rejects with the timeout's reason when the backend answers too late", async () => {
    const backend = inProcessExpressApp();
    backend.get("/slow", (_req, res) => void setTimeout(() => res.end("late"), 300));
    const error = await inProcessFetch(backend)("http://backend.invalid/slow", {
      signal: AbortSignal.timeout(50),
    }).catch((reason: unknown) => reason);
    expect((error as Error).name).toBe("TimeoutError");
  });
});
