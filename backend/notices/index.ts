export * from "./events.js";
export { createNoticeRouter } from "./routes.js";
