import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CaptchaDigitsChallenge } from "./captcha-slider";

describe("no-JS captcha (digits picture)", () => {
  it("shows the picture, an answer field for the digits and the challenge token", () => {
    const html = renderToStaticMarkup(
      <CaptchaDigitsChallenge
        captcha={{ token: "tok-1", image: "data:image/png;base64,iVBOR", width: 160, height: 60, length: 4 }}
        message="图中数字输入有误，请看新的图片重新输入"
      />,
    );
    expect(html).toContain('src="data:image/png;base64,iVBOR"');
    expect(html).toMatch(
      /<input[^>]*name="answer"[^>]*inputMode="numeric"|<input[^>]*inputMode="numeric"[^>]*name="answer"/i,
    );
    expect(html).toContain("图中的数字");
    expect(html).toContain('<input type="hidden" name="captchaToken" value="tok-1"/>');
    expect(html).toContain("图中数字输入有误，请看新的图片重新输入");
    expect(html).not.toContain('type="image"');
  });
});
