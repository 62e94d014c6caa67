import type { IncomingMessage, ServerResponse } from "node:http";
import { createSubsets } from "../../contract/subset.js";
import type { AddressedRequest } from "../http/client-address.js";
import { badRequest, okEnvelope, writeJson } from "../http/envelope.js";
import { errorAnswer } from "../http/errors.js";
import { parseRequestPart } from "../http/route.js";
import { deepBodyError } from "./subset-request.js";
import {
  ANY_ORIGIN_HEADERS,
  INVALID_JSON_MESSAGE,
  makeSubsets,
  MAX_BODY_BYTES,
  SUBSET_FILES_PREFIX,
  subsetFileHeaders,
  type SubsetRouterOptions,
} from "./subset-router.js";

export type PreviewAnswerOptions = {
  /** The server's own headers on these answers (its security headers). */
  headers: Readonly<Record<string, string>>;
  /** The client's address as the server's Express app sees it (`req.ip`). */
  clientIp(req: IncomingMessage): string;
  /** Called for a request whose body is about to be read, e.g. to bound how long it may stall. */
  beforeBody?(req: IncomingMessage, res: ServerResponse): void;
};

/** Either answers the request (true) or leaves it untouched for the next handler (false). */
export type NodeRequestAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The two requests every preview makes, in the form browsers and the website send them, answered
 * with Node's own request and response: a subset request (POST, a JSON body of a known length) and
 * a plain GET of a subset file in memory. Answered through Express, its middleware and the router,
 * the pair took 1.31–1.46 ms at the client, here 1.11 ms (decision 045). The answers, their
 * headers, limits and refusals are the subset router's: anything else (another method or form, a
 * conditional request, a file not in memory) is left to it.
 */
export function previewAnswers(service: SubsetRouterOptions, options: PreviewAnswerOptions): NodeRequestAnswer {
  const answerHeaders = { ...options.headers, ...ANY_ORIGIN_HEADERS };
  const refuse = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    const { status, code, message, headers } = errorAnswer(error, req.method, req.url);
    // Failed while its answer was being written: nothing else can be said on this connection.
    if (res.headersSent) return void res.destroy();
    writeJson(res, status, { code, message, data: null }, { ...answerHeaders, ...headers });
  };
  const client = (req: IncomingMessage): AddressedRequest => ({ ip: options.clientIp(req), socket: req.socket });

  const answerFile = (req: IncomingMessage, res: ServerResponse, url: string): boolean => {
    const { headers } = req;
    if (headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined) return false;
    if (hasBody(req)) return false;
    const query = url.indexOf("?");
    const name = url.slice(SUBSET_FILES_PREFIX.length, query < 0 ? undefined : query);
    const { cache } = service;
    const file = cache.resolveFile(name);
    const bytes = file && cache.peekFileInMemory(file.hash, file.format);
    if (!file || !bytes) return false;
    // Counted as a use of the file (`fileInMemory`) only once the limit allows it; the bytes are
    // sent even if they have left memory meanwhile, as a subset's files never change.
    service.rateLimiters.files
      .consume(client(req))
      .then(() => {
        cache.fileInMemory(file.hash, file.format);
        res.writeHead(200, {
          ...answerHeaders,
          ...subsetFileHeaders(name, file.contentType),
          "Content-Length": bytes.byteLength,
        });
        res.end(bytes);
      })
      .catch((error: unknown) => refuse(req, res, error));
    return true;
  };

  const answerSubsetRequest = (req: IncomingMessage, res: ServerResponse): boolean => {
    const length = knownJsonBodyLength(req);
    if (length === undefined) return false;
    options.beforeBody?.(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      answerSubsets(service, Buffer.concat(chunks, length), client(req))
        .then((data) => writeJson(res, 200, okEnvelope(data), answerHeaders))
        .catch((error: unknown) => refuse(req, res, error));
    });
    return true;
  };

  return (req, res) => {
    const { method, url = "" } = req;
    if (method === "GET" && url.startsWith(SUBSET_FILES_PREFIX)) return answerFile(req, res, url);
    if (method === "POST" && url === createSubsets.path) return answerSubsetRequest(req, res);
    return false;
  };
}

/** The answer's `data` to a subset request's body, read and checked as the router's middleware and route do. */
async function answerSubsets(service: SubsetRouterOptions, bytes: Buffer, client: AddressedRequest) {
  const body = parseJsonBody(bytes);
  const deep = deepBodyError(body);
  if (deep) throw deep;
  return makeSubsets(service, parseRequestPart(createSubsets.body, body, false), client);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return Boolean((length && length !== "0") || req.headers["transfer-encoding"]);
}

const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const DECIMAL = /^[0-9]{1,7}$/;

/**
 * The length of a body this module reads as the router would: JSON in UTF-8, not compressed, of a
 * declared length up to the router's bound. Undefined for any other body, which the router reads
 * (and refuses where it should, with its messages).
 */
function knownJsonBodyLength(req: IncomingMessage): number | undefined {
  const { headers } = req;
  if (!JSON_TYPE.test(headers["content-type"] ?? "")) return undefined;
  if (headers["transfer-encoding"] !== undefined) return undefined;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return undefined;
  const declared = headers["content-length"] ?? "";
  if (!DECIMAL.test(declared)) return undefined;
  const length = Number(declared);
  return length > 0 && length <= MAX_BODY_BYTES ? length : undefined;
}

/** A JSON body as `express.json` parses it: strictly an object or an array, a leading BOM dropped. */
function parseJsonBody(bytes: Buffer): unknown {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^[\x20\x09\x0a\x0d]*[[{]/.test(text)) throw badRequest(INVALID_JSON_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(INVALID_JSON_MESSAGE);
  }
}
