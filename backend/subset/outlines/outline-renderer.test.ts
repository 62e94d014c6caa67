import { describe, expect, it } from "vitest";
import { ApiError } from "../../http/envelope.js";
import { RenderGate } from "./outline-renderer.js";

describe("RenderGate", () => {
  it("runs at most its limit at once, queues a few more and refuses the rest with 503", async () => {
    const gate = new RenderGate(2, 1, 1_000);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      gate.run(
        () =>
          new Promise<void>((resolve) => {
            running++;
            most = Math.max(most, running);
            releases.push(() => {
              running--;
              resolve();
            });
          }),
      );
    const first = task();
    const second = task();
    const queued = task();
    const refused = task();
    await expect(refused).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "5" } });
    await Promise.resolve();
    expect(releases).toHaveLength(2);
    releases.shift()!();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releases).toHaveLength(2); // the queued task took the free turn
    for (const release of releases.splice(0)) release();
    await Promise.all([second, queued]);
    expect(most).toBe(2);
  });

  it("gives up on a wait longer than its bound", async () => {
    const gate = new RenderGate(1, 4, 20);
    let release: () => void = () => undefined;
    const holding = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = gate.run(async () => "ran");
    await expect(waiting).rejects.toBeInstanceOf(ApiError);
    release();
    await holding;
    await expect(gate.run(async () => "ran")).resolves.toBe("ran");
  });
});
