import type { CommercialLabel } from "./licence.js";

/** The shapes of docs/api.md ("Types"). */

export type StyleCategory = {
  code: string;
  name: string;
  url: string;
  imageDark: string;
  imageLight: string;
  sort: number;
};

export type Tag = { id: number; name: string };

export type License = {
  code: string;
  name: string;
  url: string | null;
  commercialUse: boolean;
  commercialLabel: CommercialLabel;
  commercialSource: string;
};

export type Charset = { code: string; name: string; covered: number; total: number };

export type Font = {
  fontGNo: string;
  familyId: number;
  familyName: string;
  familyNameEn: string;
  fontName: string;
  styleName: string;
  weight: number;
  webFontFamily: string;
  woffPath: string | null;
  ttfPath: string;
  isDefault: boolean;
  description: string;
  styles: StyleCategory[];
  tags: Tag[];
  license: License;
  designer: string | null;
  foundry: string | null;
  copyright: string | null;
  version: string | null;
  glyphCount: number;
  charsets: Charset[];
  fileSize: number;
  format: "ttf";
  videoUrl: string | null;
  downloads: number;
  views: number;
  createdAt: string;
  childFontResource: Font[];
};

export type Advert = { id: number; title: string; image: string; link: string; position: string; sort: number };
