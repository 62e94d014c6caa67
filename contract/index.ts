import { accountEndpoints } from "./account";
import { albumZipEndpoints } from "./album-zip";
import { captchaEndpoints } from "./captcha";
import { catalogueEndpoints } from "./catalogue";
import { favoriteFontEndpoints } from "./favorite-fonts";
import { contentEndpoints } from "./content";
import { coverageEndpoints } from "./coverage";
import { downloadEndpoints } from "./downloads";
import { favoriteEndpoints } from "./favorite";
import { noticeEndpoints } from "./notices";
import { outlineEndpoints } from "./outlines";
import { subsetEndpoints } from "./subset";
import { submissionEndpoints } from "./submission";
import { variableEndpoints } from "./variable";
import { webFontEndpoints } from "./web-fonts";
import { sitePagesEndpoints } from "./site-pages";
import { wechatEndpoints } from "./wechat";

export * from "./account";
export * from "./album-zip";
export * from "./captcha";
export * from "./catalogue";
export * from "./favorite-fonts";
export * from "./content";
export * from "./coverage";
export * from "./downloads";
export * from "./endpoint";
export * from "./envelope";
export * from "./favorite";
export * from "./fields";
export * from "./notices";
export * from "./outlines";
export * from "./query";
export * from "./subset";
export * from "./submission";
export * from "./variable";
export * from "./web-fonts";
export * from "./site-pages";
export * from "./wechat";

/** Every call of the contract, by name. */
export const endpoints = {
  ...catalogueEndpoints,
  ...coverageEndpoints,
  ...subsetEndpoints,
  ...webFontEndpoints,
  ...sitePagesEndpoints,
  ...outlineEndpoints,
  ...captchaEndpoints,
  ...accountEndpoints,
  ...wechatEndpoints,
  ...favoriteFontEndpoints,
  ...contentEndpoints,
  ...albumZipEndpoints,
  ...submissionEndpoints,
  ...downloadEndpoints,
  ...noticeEndpoints,
  ...variableEndpoints,
  ...favoriteEndpoints,
};

export type EndpointName = keyof typeof endpoints;
