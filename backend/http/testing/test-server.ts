import type { AddressInfo } from "node:net";
import express from "express";

export type TestServer = {
  origin: string;
  /** Every status code answered so far, to assert that none was a 500. */
  statuses: number[];
  close(): Promise<void>;
};

/**
 * Serves `router` on an ephemeral loopback port for contract tests over real HTTP. `trustProxy` as in
 * production behind a local proxy ("loopback"): the address it forwards is the client's.
 */
export async function serveRouter(
  router: express.Router,
  { trustProxy }: { trustProxy?: string } = {},
): Promise<TestServer> {
  const statuses: number[] = [];
  const app = express();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use((_req, res, next) => {
    res.on("finish", () => statuses.push(res.statusCode));
    next();
  });
  app.use(router);
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    statuses,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
