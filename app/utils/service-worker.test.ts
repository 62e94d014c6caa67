import { describe, expect, it, vi } from "vitest";
import { ServiceWorkerUnsupportedError, registerServiceWorker } from "./service-worker";

describe("registerServiceWorker: root scope, failures ignored", () => {
  it("registers /sw.js with root scope", async () => {
    const register = vi.fn().mockResolvedValue("ok");
    await expect(registerServiceWorker({ serviceWorker: { register } })).resolves.toBe("ok");
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });
  it("raises a not-supported error when unsupported", async () => {
    await expect(registerServiceWorker({})).rejects.toBeInstanceOf(ServiceWorkerUnsupportedError);
  });
});
