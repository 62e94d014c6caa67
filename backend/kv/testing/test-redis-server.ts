import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import net from "node:net";

/** Whether Debian's redis-server is installed (the tests that need it are skipped otherwise). */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

/** A loopback port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(true));
      socket.once("error", () => resolve(false));
      socket.once("connect", () => socket.destroy());
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("redis-server did not start");
}

/** A redis-server of its own on a loopback port, keeping nothing on disk; `close` settles once it has exited. */
export async function startRedisServer(): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await listening(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  };
}
