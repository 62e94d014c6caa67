import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeSvg, sharedPath } from "./qr-code.server";

describe("share QR codes", () => {
  it("are made only for paths of this site", () => {
    expect(sharedPath("/font/10001?text=%E4%BD%A0")).toBe("/font/10001?text=%E4%BD%A0");
    for (const refused of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "font/1",
      "/a\\b",
      "/a b",
      `/${"x".repeat(1000)}`,
    ]) {
      expect(sharedPath(refused), String(refused)).toBeNull();
    }
  });

  it("draw the page's full address as the QR code of that address", async () => {
    const url = "https://example.com/font/10001?text=%E4%BD%A0%E5%A5%BD";
    const svg = await qrCodeSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The same modules as the library's own encoding of the address: the code holds exactly it.
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    expect(svg).toContain(`viewBox="0 0 ${modules.size + 4} ${modules.size + 4}"`);
  });
});
