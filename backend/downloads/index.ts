export { createDownloadRouter } from "./routes.js";
export { recordDownload, type NewDownload } from "./download-repository.js";
export { downloadDb } from "./tables.js";
