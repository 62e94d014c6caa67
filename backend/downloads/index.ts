export { createDownloadRouter } from "./routes.js";
export { recordDownload } from "./download-repository.js";
export { downloadDb } from "./tables.js";
