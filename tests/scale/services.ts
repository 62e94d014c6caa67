import { spawn, execFile, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import S3rver from "s3rver";
import { startRedisServer } from "../../backend/kv/testing/test-redis-server.js";
import { startE2eFakes } from "../../scripts/e2e-fakes.mjs";

const run = promisify(execFile);
const rootDir = path.resolve(import.meta.dirname, "../..");

/** The ports this test may take; each service gets the next free one. */
const PORT_RANGE = { first: 4500, last: 4599 };
let nextPort = PORT_RANGE.first;

export async function freePort(): Promise<number> {
  while (nextPort <= PORT_RANGE.last) {
    const port = nextPort++;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}–${PORT_RANGE.last}`);
}

export async function temporaryDirectory(name: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `ziti-scale-${name}-`));
}

export type Service = { close(): Promise<void> };

/**
 * A database of its own: a fresh one in the PostgreSQL of TEST_DATABASE_URL when set, otherwise
 * the throw-away cluster of scripts/throwaway-postgres.sh.
 */
export async function startPostgres(): Promise<Service & { url: string }> {
  let serverUrl = process.env.TEST_DATABASE_URL ?? "";
  let stopCluster = async () => {};
  if (!serverUrl) {
    const script = path.join(rootDir, "scripts/throwaway-postgres.sh");
    const { stdout } = await run("bash", [
      "-c",
      `source '${script}' && start_throwaway_postgres >/dev/null && env | grep -E '^(TEST_DATABASE_URL|PG_THROWAWAY_DIR|PG_THROWAWAY_RUN_AS)=' || true`,
    ]);
    const cluster = Object.fromEntries(
      stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/=(.*)/s, 2)),
    );
    if (!cluster.TEST_DATABASE_URL) throw new Error("PostgreSQL 15 could not be started for the scale test");
    serverUrl = cluster.TEST_DATABASE_URL;
    stopCluster = async () => {
      await run("bash", ["-c", `source '${script}' && stop_throwaway_postgres`], {
        env: { ...process.env, ...cluster },
      });
    };
  }
  const name = `ziti_scale_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await stopCluster();
    },
  };
}

export const S3_BUCKET = "ziti-scale";

/** s3rver, an S3-compatible server keeping its objects in a temporary directory. */
export async function startS3(): Promise<Service & { env: Record<string, string>; directory: string }> {
  const port = await freePort();
  const directory = await temporaryDirectory("s3");
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  await server.run();
  return {
    directory,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export type Instance = Service & { url: string; port: number; dataDir: string; kill(): Promise<void>; log(): string };

/** One app process (`server.ts`) with a data directory of its own, so nothing is shared through the disk. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = await temporaryDirectory(`instance-${port}`);
  let output = "";
  const child = spawn(process.execPath, ["build/server/server.js"], {
    cwd: rootDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server.ts on ${port} exited:\n${output}`);
      return (await fetch(`${url}/healthz`).catch(() => null))?.ok ?? false;
    },
    `server.ts on ${port}`,
    240_000,
  );
  return {
    url,
    port,
    dataDir,
    log: () => output,
    /** Gone at once, as a crashed machine: no graceful shutdown. */
    async kill() {
      if (child.exitCode !== null) return;
      child.kill("SIGKILL");
      await once(child, "exit");
    },
    async close() {
      await stop(child);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RoundRobinProxy = Service & {
  url: string;
  /**
   * Sends the next request with this method and path (a Remix data request's `.data` suffix
   * ignored) to the instance on `port` first, whatever the turn: a test picks the instance a page
   * or a form lands on. Dead, the instance passes the request on like any other.
   */
  sendNextTo(port: number, method: string, path: string): void;
};

/**
 * A round-robin HTTP proxy in front of the instances. A request whose instance cannot be reached
 * (refused, reset before an answer) goes to the next one, the body replayed, so losing an instance
 * loses no request. Answers `X-Upstream` with the port that answered.
 */
export async function startProxy(upstreams: () => number[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const steered: Array<{ port: number; method: string; path: string }> = [];
  /** The instances to try for a request, in order. */
  const orderFor = (method: string, url: string): number[] => {
    const ports = upstreams();
    const path = new URL(url, "http://proxy").pathname.replace(/\.data$/, "");
    const wanted = steered.findIndex((steer) => steer.method === method && steer.path === path);
    if (wanted >= 0) {
      const { port } = steered.splice(wanted, 1)[0]!;
      return [port, ...ports.filter((other) => other !== port)];
    }
    // Each request takes the next instance in turn, then tries the others in order: the shared turn
    // counter alone would let concurrent requests send one request's retries to the same dead port.
    const first = turn++;
    return ports.map((_, attempt) => ports[(first + attempt) % ports.length]!);
  };
  const agent = new http.Agent({ keepAlive: false });
  const forward = (port: number, req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = http.request(
        { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
          answer.on("error", reject);
        },
      );
      upstream.on("error", reject);
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const order = orderFor(req.method ?? "GET", req.url ?? "/");
    for (const port of [...order, ...order]) {
      try {
        const answer = await forward(port, req, body);
        res.writeHead(answer.status, { ...answer.headers, "x-upstream": String(port) }).end(answer.body);
        return;
      } catch {
        // That instance is gone: the next one takes the request.
      }
    }
    res.writeHead(502).end("no instance answered");
  });
  const port = await freePort();
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${port}`,
    sendNextTo: (port, method, path) => steered.push({ port, method, path }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type Cluster = Service & {
  /** Started one after the other: the first migrated and seeded the database. */
  instances: [Instance, Instance];
  /** The round-robin proxy in front of both instances. */
  proxyUrl: string;
  /** See {@link RoundRobinProxy.sendNextTo}. */
  sendNextTo: RoundRobinProxy["sendNextTo"];
  /**
   * Starts a new instance on the same services in place of `instances[index]` (killed, or now
   * stopped) and puts it behind the proxy. Answers the new instance.
   */
  replace(index: 0 | 1): Promise<Instance>;
  redisUrl: string;
  s3: { env: Record<string, string>; directory: string };
  /** The latest verification code the fake SMTP server or SMS gateway received for `to`, at `since` (ms) or later. */
  latestCode(to: string, since?: number): Promise<string>;
};

/**
 * Everything a scale-out test runs against: PostgreSQL, Redis, S3, the SMTP and SMS peers of
 * scripts/e2e-fakes.mjs, two instances sharing them and the proxy in front. `close` stops it all,
 * the last started first; a start that fails stops what had started.
 */
export async function startCluster(): Promise<Cluster> {
  const services: Service[] = [];
  const close = async () => {
    for (const service of services.splice(0).reverse()) await service.close().catch((error) => console.warn(error));
  };
  try {
    const postgres = await startPostgres();
    services.push(postgres);
    const redis = await startRedisServer();
    services.push(redis);
    const s3 = await startS3();
    services.push(s3);
    const [smtpPort, smsPort, wechatPort, inboxPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const fakes = await startE2eFakes({ smtpPort, smsPort, wechatPort, inboxPort });
    services.push({ close: async () => void (await fakes.close()) });

    const env = {
      SMTP_URL: fakes.env.SMTP_URL,
      SMS_GATEWAY_URL: fakes.env.SMS_GATEWAY_URL,
      ...s3.env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      CAPTCHA: "off",
    };
    // One after the other: the first migrates and seeds the database, the second finds it ready.
    const started: Instance[] = [];
    // Closed from their current places, since `replace` swaps them.
    services.push({ close: async () => void (await Promise.all(started.map((instance) => instance.close()))) });
    started.push(await startInstance(env));
    started.push(await startInstance(env));
    const instances = started as [Instance, Instance];
    const proxy = await startProxy(() => instances.map((instance) => instance.port));
    services.push(proxy);

    return {
      instances,
      proxyUrl: proxy.url,
      sendNextTo: proxy.sendNextTo,
      async replace(index) {
        await instances[index].close();
        instances[index] = await startInstance(env);
        return instances[index];
      },
      redisUrl: redis.url,
      s3: { env: s3.env, directory: s3.directory },
      async latestCode(to, since = 0) {
        let code: string | null = null;
        await waitFor(
          async () => {
            const response = await fetch(`http://127.0.0.1:${inboxPort}/inbox/latest?to=${encodeURIComponent(to)}`);
            const message = (await response.json()) as { code: string | null; at: number } | null;
            code = message && message.at >= since ? message.code : null;
            return code !== null;
          },
          `a code for ${to}`,
          10_000,
        );
        return code!;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export type Envelope<T = unknown> = { code: string; message: string; data: T };

/** One call to the backend's JSON API at `base` (an instance or the proxy), with the instance that answered. */
export async function call<T>(
  base: string,
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData; token?: string } = {},
): Promise<{ status: number; body: Envelope<T>; upstream: string | null }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<T>,
    upstream: response.headers.get("x-upstream"),
  };
}

async function waitFor(ready: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
