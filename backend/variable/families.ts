import type { VariableCategory } from "../../contract/variable.js";

/** The editorial side of a variable family; axes, instances, names and license come from its files. */
export type VariableFamilySeed = {
  gno: string;
  /** An installed `@fontsource-variable/*` package: WOFF2 slices and the unicode-range of each. */
  packageName: string;
  nameZh: string;
  description: string;
  category: VariableCategory;
  featured: boolean;
  sampleText: string;
};

/**
 * In display order. Numbers depend only on this list, so they are the same on every machine; a
 * family removed later keeps its number unused.
 */
export const VARIABLE_FAMILY_SEEDS: readonly VariableFamilySeed[] = [
  {
    gno: "v1",
    packageName: "@fontsource-variable/noto-sans-sc",
    nameZh: "思源黑体 简体 可变",
    description: "Google 与 Adobe 合作的泛中日韩黑体，字重从极细到特粗连续可调，适合标题动效与界面文字。",
    category: "hei",
    featured: true,
    sampleText: "可变字体让标题随心而动",
  },
  {
    gno: "v2",
    packageName: "@fontsource-variable/noto-serif-sc",
    nameZh: "思源宋体 简体 可变",
    description: "与思源黑体配套的宋体，横细竖粗，字重连续可调，适合文艺标题与长文排版。",
    category: "song",
    featured: true,
    sampleText: "一字一句皆有分寸",
  },
  {
    gno: "v3",
    packageName: "@fontsource-variable/noto-sans-tc",
    nameZh: "思源黑体 繁体（台湾）可变",
    description: "思源黑体的繁体中文（台湾字形）版本，字重连续可调。",
    category: "hei",
    featured: false,
    sampleText: "可變字型隨心調整",
  },
  {
    gno: "v4",
    packageName: "@fontsource-variable/noto-sans-hk",
    nameZh: "思源黑体 繁体（香港）可变",
    description: "思源黑体的繁体中文（香港字形）版本，字重连续可调。",
    category: "hei",
    featured: false,
    sampleText: "可變字型隨心調整",
  },
  {
    gno: "v5",
    packageName: "@fontsource-variable/inter",
    nameZh: "Inter 可变",
    description: "为屏幕设计的无衬线西文字体，带字重与视觉字号两个轴，适合与中文标题混排的英文和数字。",
    category: "latin",
    featured: false,
    sampleText: "Variable Type 2026",
  },
  {
    gno: "v6",
    packageName: "@fontsource-variable/roboto-flex",
    nameZh: "Roboto Flex 可变",
    description: "轴最多的西文可变字体之一：字重、字宽、倾斜、视觉字号和一组参数轴，可做出从窄到宽的标题。",
    category: "latin",
    featured: true,
    sampleText: "Flexible Titles",
  },
  {
    gno: "v7",
    packageName: "@fontsource-variable/recursive",
    nameZh: "Recursive 可变",
    description: "可在等宽与比例、规整与手写之间连续过渡的西文字体，适合俏皮的英文标题和代码。",
    category: "latin",
    featured: false,
    sampleText: "Casual Mono Mix",
  },
];
