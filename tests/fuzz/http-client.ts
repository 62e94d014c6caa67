/** Sends the fuzz test's requests, any method and any bytes, and collects what came back. */
import http from "node:http";
import net from "node:net";

export type Probe = {
  method: string;
  /** Path and query, sent exactly as written. */
  path: string;
  /** What kind of hostile input this is, for the failure table. */
  shape: string;
  headers?: Record<string, string>;
  body?: Buffer;
};

/** The method of a probe whose body is the whole request, written to a socket as it is. */
export const RAW = "RAW";

/** `status` is 0 when no answer came (the connection broke or hung), -1 when the client refused to send. */
export type Answer = { probe: Probe; status: number; head: string; ms: number };

/** A request still unanswered after this long is a failure of its own (a hang, not a 5xx). */
const ANSWER_TIMEOUT_MS = 15_000;

export function send(origin: URL, agent: http.Agent, probe: Probe): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number, head: string) => {
      if (settled) return;
      settled = true;
      resolve({ probe, status, head, ms: Date.now() - started });
    };
    const headers = { ...probe.headers };
    if (probe.body) headers["Content-Length"] = String(probe.body.length);
    let request: http.ClientRequest;
    try {
      request = http.request(
        { host: origin.hostname, port: origin.port, method: probe.method, path: probe.path, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          let length = 0;
          response.on("data", (chunk: Buffer) => {
            if (length < 200) chunks.push(chunk);
            length += chunk.length;
          });
          const finish = () => done(response.statusCode ?? 0, Buffer.concat(chunks).subarray(0, 200).toString("utf8"));
          response.on("end", finish);
          response.on("error", finish);
          response.on("aborted", finish);
        },
      );
    } catch (error) {
      done(-1, `the client refused to send it: ${(error as Error).message}`);
      return;
    }
    request.setTimeout(ANSWER_TIMEOUT_MS, () => request.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`)));
    request.on("error", (error: NodeJS.ErrnoException) => done(0, `${error.code ?? ""} ${error.message}`.trim()));
    request.end(probe.body);
  });
}

/**
 * Writes bytes straight to a socket and reads until the server closes it. Answers the highest
 * status among the answers written (a lying Content-Length can split one request in two), 0 when
 * none was written.
 */
export function sendRaw(origin: URL, probe: Probe): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(origin.port), origin.hostname, () => socket.write(probe.body ?? ""));
    const timer = setTimeout(() => socket.destroy(), ANSWER_TIMEOUT_MS);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((match) => Number(match[1]));
      const bodyStart = text.indexOf("\r\n\r\n");
      resolve({
        probe,
        status: statuses.length ? Math.max(...statuses) : 0,
        head: bodyStart >= 0 ? text.slice(bodyStart + 4, bodyStart + 204) : text.slice(0, 200),
        ms: Date.now() - started,
      });
    });
  });
}

/**
 * Sends every probe, `concurrency` at a time, and answers in their order. Each worker keeps one
 * keep-alive connection, as a browser does: a request that leaves its connection unusable (an
 * unread body) shows as a broken answer to the next one, which names it.
 */
export async function sendAll(origin: URL, probes: Probe[], concurrency: number): Promise<Answer[]> {
  const answers: Answer[] = new Array(probes.length);
  let next = 0;
  async function worker() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let previous: Probe | undefined;
    try {
      while (next < probes.length) {
        const index = next++;
        const probe = probes[index]!;
        if (probe.method === RAW) {
          answers[index] = await sendRaw(origin, probe);
          continue;
        }
        const answer = await send(origin, agent, probe);
        if (answer.status === 0 && previous) {
          answer.head += ` — after ${previous.method} ${previous.path.slice(0, 80)} (${previous.shape}) on the same connection`;
        }
        answers[index] = answer;
        previous = probe;
      }
    } finally {
      agent.destroy();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

/** One line per distinct (method, path, shape, status), for whoever fixes it. */
export function failureTable(failures: Answer[], maxRows = 120): string {
  const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
  const rows = new Map<string, string>();
  for (const { probe, status, head } of failures) {
    const key = `${probe.method} ${probe.path.slice(0, 200)} ${probe.shape} ${status}`;
    if (rows.has(key)) continue;
    const columns = [
      probe.method.padEnd(7),
      clip(probe.path, 80).padEnd(80),
      clip(probe.shape, 36).padEnd(36),
      String(status).padEnd(3),
      JSON.stringify(head),
    ];
    rows.set(key, columns.join(" │ "));
  }
  const lines = [...rows.values()];
  const shown = lines.slice(0, maxRows);
  if (lines.length > shown.length) shown.push(`… and ${lines.length - shown.length} more`);
  return `${failures.length} answers failed:\n${shown.join("\n")}`;
}
