import express from "express";
import type { Kysely } from "kysely";
import { getVariableFont, getVariableFontList } from "../../contract/variable.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import { VariableFontRepository } from "./repository.js";
import { variableDb } from "./tables.js";

/** GET /api/v1/variable/query-list and /api/v1/variable/font/:gno. */
export function createVariableRouter(options: { db: Kysely<Database> }): express.Router {
  const fonts = new VariableFontRepository(variableDb(options.db));
  const router = express.Router();
  route(router, getVariableFontList, async ({ query }) => fonts.list(query));
  route(router, getVariableFont, async ({ params: { gno } }) => {
    const font = await fonts.find(gno);
    if (!font) throw notFound("可变字体不存在");
    return font;
  });
  return router;
}
