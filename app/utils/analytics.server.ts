import { readAnalyticsConfig } from "./analytics";

/** This process's analytics settings (a wrong value stops the server as it loads the build). */
export const analyticsConfig = readAnalyticsConfig(process.env);
