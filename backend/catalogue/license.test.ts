import { describe, expect, it } from "vitest";
import { classifyLicense } from "./license.js";

const OFL_TEXT =
  "This Font Software is licensed under the SIL Open Font License, Version 1.1. This license is available with a FAQ at: https://openfontlicense.org";

describe("classifyLicense", () => {
  it("recognises the OFL 1.1 as free for commercial use, quoting the name table", () => {
    expect(classifyLicense(OFL_TEXT, "https://openfontlicense.org")).toEqual({
      code: "OFL-1.1",
      name: "SIL Open Font License 1.1",
      url: "https://openfontlicense.org",
      commercialUse: true,
      commercialLabel: "免费商用",
      commercialSource:
        "字体名称表 nameID 13 声明采用 SIL Open Font License 1.1（nameID 14 给出授权协议地址 https://openfontlicense.org），允许免费商用",
    });
  });

  it("recognises the OFL inside a full license text and without a URL", () => {
    const fullText = `Copyright (c) 2023, someone,\nwith Reserved Font Name Example.\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n-----\nSIL OPEN FONT LICENSE Version 1.1 - 26 February 2007`;
    const license = classifyLicense(fullText, null);
    expect(license).toMatchObject({ code: "OFL-1.1", url: null, commercialUse: true });
    expect(license!.commercialSource).not.toContain("nameID 14");
  });

  it("recognises the Apache License 2.0", () => {
    expect(classifyLicense("Licensed under the Apache License, Version 2.0", null)).toMatchObject({
      code: "Apache-2.0",
      commercialUse: true,
    });
  });

  it.each([
    ["a missing license", null],
    ["an empty license", "   "],
    ["an unknown license", "Free for personal use only. Contact us for a commercial license."],
    ["a freeware notice", "This font is freeware."],
    ["all rights reserved", "Copyright 2020 Some Foundry. All rights reserved."],
    ["all rights reserved beside an OFL mention", `Copyright 2020 Foundry. ALL RIGHTS RESERVED. ${OFL_TEXT}`],
  ])("keeps out a font with %s", (_case, text) => {
    expect(classifyLicense(text, "https://example.com/license")).toBeNull();
  });
});
