import fs from "node:fs/promises";
import { dispositionFileName, zipEntries } from "../zip-entries";
import { test, expect } from "./fixtures";

test.describe("专辑打包下载", () => {
  test("专辑页的“打包下载”给出一个 ZIP：每款字体与单独下载的文件逐字节相同，各带版权声明和授权协议全文，另有说明", async ({
    page,
    request,
  }) => {
    await page.goto("/album");
    await page.locator("[data-content-id]").first().getByRole("heading").getByRole("link").click();
    await page.waitForURL(/\/album\/\d+$/);
    // With JavaScript the URL changes before the album page has replaced the list.
    const title = (await page.locator("article[data-album-id] h1").textContent())!.trim();
    const fontLinks = page.getByRole("list", { name: "专辑字体预览" }).getByRole("listitem").getByRole("link");
    const fontIds = (await fontLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).map(
      (href) => href!.replace("/font/", ""),
    );
    expect(fontIds.length).toBeGreaterThan(1);

    const link = page.getByRole("link", { name: "打包下载" });
    await expect(link).toHaveAccessibleDescription(`${fontIds.length} 款字体文件及各自的授权文本，一个 ZIP`);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${title}.zip`);
    const entries = await zipEntries(await fs.readFile((await download.path())!));

    const fontFiles = [...entries.keys()].filter((name) => name.endsWith(".ttf"));
    expect(fontFiles).toHaveLength(fontIds.length);
    for (const [index, fontId] of fontIds.entries()) {
      const single = await request.get(`/api/v1/web/${fontId}/download`);
      expect(single.status()).toBe(200);
      const fileName = dispositionFileName(single.headers()["content-disposition"] ?? null)!;
      expect(fontFiles[index]).toBe(fileName);
      expect(entries.get(fileName)!.equals(await single.body()), fileName).toBe(true);
      const license = entries.get(`LICENSE-${fileName.replace(/\.ttf$/, "")}.txt`);
      expect(license, `${fileName} 的授权文本`).toBeDefined();
      const licenseText = license!.toString("utf8");
      expect(licenseText).toContain("授权：SIL Open Font License 1.1");
      // The whole OFL 1.1, not a sentence pointing to it.
      for (const section of ["PREAMBLE", "DEFINITIONS", "PERMISSION & CONDITIONS", "TERMINATION", "DISCLAIMER"]) {
        expect(licenseText, `${fileName}: ${section}`).toContain(`\r\n${section}\r\n`);
      }
      expect(licenseText).toContain("OTHER DEALINGS IN THE FONT SOFTWARE.");
      const detail = await request.get(`/api/v1/web/search/fontInformation/${fontId}`);
      const copyright = ((await detail.json()) as { data: { copyright: string | null } }).data.copyright;
      if (copyright) expect(licenseText.replace(/\r\n/g, "\n")).toContain(`${copyright.trim()}\n\n`);
    }
    const readme = entries.get("说明.txt")!.toString("utf8");
    expect(readme).toContain(`专辑「${title}」共 ${fontIds.length} 款字体`);
  });

  test("不存在的专辑打包下载是 404，并说明原因", async ({ request }) => {
    const response = await request.get("/resources/album-zip/999999");
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("专辑不存在");
  });
});
