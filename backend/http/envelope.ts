import type { Response } from "express";

/** The JSON body of every API response (docs/api.md, "Envelope and errors"). */
export type Envelope<T> = { code: string; message: string; data: T };

export function sendOk<T>(res: Response, data: T): void {
  const body: Envelope<T> = { code: "200", message: "success", data };
  res.status(200).json(body);
}

export function sendError(res: Response, status: number, code: string, message: string): void {
  const body: Envelope<null> = { code, message, data: null };
  res.status(status).json(body);
}

/** An error a handler throws on purpose; the error middleware turns it into its envelope (and headers). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, e.g. Retry-After or Allow. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, "400", message);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, "404", message);
}
