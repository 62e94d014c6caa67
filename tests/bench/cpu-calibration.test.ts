import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN } from "./cpu-calibration";

describe("calibratedCpuSlowdown", () => {
  it("gives Lighthouse's default on the host its default is meant for", () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(DEFAULT_CPU_SLOWDOWN, 5);
  });

  it("follows the calculator's points and the lines between them", () => {
    expect(calibratedCpuSlowdown(800)).toBeCloseTo(2, 5);
    expect(calibratedCpuSlowdown(1300)).toBeCloseTo(3, 5);
    expect(calibratedCpuSlowdown(1050)).toBeCloseTo(2.5, 5);
    expect(calibratedCpuSlowdown(475)).toBeCloseTo(1.5, 5);
    expect(calibratedCpuSlowdown(1228)).toBeCloseTo(2.856, 3);
  });

  it("slows a faster host down more than the default", () => {
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 1);
  });

  it("never goes under 1, nor answers a broken measure with anything else", () => {
    expect(calibratedCpuSlowdown(100)).toBe(1);
    expect(calibratedCpuSlowdown(Number.NaN)).toBe(1);
  });
});
