import { isApiError } from "./api-errors";

const NOT_FOUND_TEXT = "This page could not be found";

/** A 404 to throw from a loader; the error boundary shows the not-found page. */
export function notFound(message = NOT_FOUND_TEXT): Response {
  return new Response(message, {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain;charset=utf-8" },
  });
}

/**
 * For a loader whose page cannot render without the data: an API refusal becomes the error page
 * with its status and message (a 404 the not-found page); anything else is rethrown as it is.
 */
export function throwApiError(error: unknown): never {
  if (isApiError(error)) {
    if (error.status === 404) throw notFound(error.serverMessage ?? undefined);
    throw Response.json(
      { message: error.message, code: error.code },
      { status: error.status >= 400 ? error.status : 500 },
    );
  }
  throw error;
}
