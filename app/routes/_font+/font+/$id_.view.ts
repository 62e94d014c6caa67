import { FONT_GNO_PATTERN, MAX_FONT_VISITS_PER_CALL } from "@contract/catalogue";
import type { ActionFunctionArgs } from "@remix-run/node";
import { addFontVisits } from "~/services/catalogue.server";
import { notFound } from "~/utils/responses.server";
import { KEPT_PAGE_ANSWERS_PARAM } from "~/utils/page-cache";

/**
 * POST /font/:id/view?answers=N: visits of the font page that the server answered from its page
 * cache since its last report, counted as rendering the page would have counted them. Only the
 * server itself posts here (in process); any other request is a 404, so views cannot be added
 * without opening the page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const answers = Number(new URL(request.url).searchParams.get(KEPT_PAGE_ANSWERS_PARAM));
  if (!context.keptPageAnswered || !params.id || !FONT_GNO_PATTERN.test(params.id) || !Number.isInteger(answers)) {
    throw notFound();
  }
  for (let left = answers; left > 0; left -= MAX_FONT_VISITS_PER_CALL) {
    await addFontVisits({ request, context }, params.id, Math.min(left, MAX_FONT_VISITS_PER_CALL));
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  throw notFound();
}
