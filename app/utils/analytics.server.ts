import { websiteConfig } from "~/config.server";

/** This process's analytics settings, read with the website's other settings. */
export const analyticsConfig = websiteConfig.analytics;
