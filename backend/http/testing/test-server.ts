import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";

export type TestServer = {
  origin: string;
  /** Every status code answered so far, to assert that none was a 500. */
  statuses: number[];
  close(): Promise<void>;
};

export type TestServerOptions = {
  /** As in production behind a local proxy ("loopback"): the address it forwards is the client's. */
  trustProxy?: string;
  /** Given the app, what answers requests before it, if it takes them (as server.ts does). */
  answerFirst?(app: express.Express): (req: IncomingMessage, res: ServerResponse) => boolean;
};

/** Serves `router` on an ephemeral loopback port for contract tests over real HTTP. */
export async function serveRouter(
  router: express.Router,
  { trustProxy, answerFirst }: TestServerOptions = {},
): Promise<TestServer> {
  const statuses: number[] = [];
  const app = express();
  app.disable("x-powered-by"); // as server.ts
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(router);
  const first = answerFirst?.(app);
  const server = createServer((req, res) => {
    res.on("finish", () => statuses.push(res.statusCode));
    if (!first?.(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    statuses,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
