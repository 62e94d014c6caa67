// The part of negotiator 0.6.4 this server uses; its published types predate `preferred`.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The `available` encodings the request accepts, best first; equal weights ordered by `preferred`. */
    encodings(available: string[], preferred?: string[]): string[];
  }
}
