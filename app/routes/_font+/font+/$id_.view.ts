import { FONT_GNO_PATTERN } from "@contract/catalogue";
import type { ActionFunctionArgs } from "@remix-run/node";
import { countFontView } from "~/services/catalogue.server";
import { notFound } from "~/utils/responses.server";

/**
 * POST /font/:id/view: the visit of a font page answered from the server's page cache, counted as
 * rendering the page would have. Only the server itself posts here (in process); any other request
 * is a 404, so views cannot be added without opening the page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!context.keptPageAnswered || !params.id || !FONT_GNO_PATTERN.test(params.id)) throw notFound();
  await countFontView({ request, context }, params.id);
  return new Response(null, { status: 204 });
}

export function loader() {
  throw notFound();
}
