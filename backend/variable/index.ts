export { variableFontSource } from "./font-source.js";
export { createVariableRouter } from "./routes.js";
export { seedVariableFonts } from "./seed.js";
