import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { TOAST_MESSAGE_MAX, TOAST_TYPES, type Toast, type ToastInput } from "./toast";
import { errorMessage, toastTypeForError } from "./api-errors";

/**
 * Short-lived flash cookie carrying one toast across a redirect (works with JS off).
 * Not HttpOnly on purpose: the root's shouldRevalidate looks for it after client-side redirects.
 */
export const TOAST_COOKIE = "toast";
const TOAST_MAX_AGE_S = 60;

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2, 10)),
  type: z.enum(TOAST_TYPES).default("info"),
  message: z.string().min(1).max(TOAST_MESSAGE_MAX),
}) satisfies z.ZodType<Toast, z.ZodTypeDef, ToastInput>;

function encode(value: Toast): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function decode(raw: string): Toast | null {
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Set-Cookie value that flashes `toast` to the next page. */
export function serializeToastCookie(toast: ToastInput): string {
  return serialize(TOAST_COOKIE, encode(ToastSchema.parse(toast)), {
    path: "/",
    sameSite: "lax",
    maxAge: TOAST_MAX_AGE_S,
  });
}

/** Set-Cookie value that removes the flash cookie. */
export function clearToastCookie(): string {
  return serialize(TOAST_COOKIE, "", { path: "/", sameSite: "lax", maxAge: 0 });
}

/** Redirect to `url` with a toast to show there. */
export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", serializeToastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Redirect with a toast describing an API failure (a non-200 code is success-styled). */
export function redirectWithErrorToast(url: string, error: unknown): Response {
  return redirectWithToast(url, { type: toastTypeForError(error), message: errorMessage(error) });
}

/**
 * The flashed toast, if any, and the Set-Cookie that clears it
 * (`setCookie` is null when there was no toast cookie).
 */
export function getToast(request: Request): { toast: Toast | null; setCookie: string | null } {
  const header = request.headers.get("Cookie");
  const raw = header ? parse(header)[TOAST_COOKIE] : undefined;
  if (raw === undefined) return { toast: null, setCookie: null };
  return { toast: raw ? decode(raw) : null, setCookie: clearToastCookie() };
}
