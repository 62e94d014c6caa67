/**
 * Probe (not part of `npm test`): 20 parallel 30 MB posts to /submit against the built server, as
 * `npm start` runs it, while a normal page is fetched every 250 ms by curl. Prints the answers' statuses,
 * the normal page's latency meanwhile and the server's peak resident memory (VmHWM).
 *
 *   npm run build && npx tsx tests/bench/uploads.probe.ts [--files 1|2] [--posts 20] [--mb 30]
 *
 * One 30 MB file (default) is over the 20 MB limit: refused beside its field as it arrives. With
 * `--files 2`, two 15 MB fonts each go through the whole 投稿 (each post from its own address, given
 * in X-Forwarded-For, which the server trusts from loopback).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startBuiltSite } from "./built-site.js";

const { values } = parseArgs({
  options: {
    files: { type: "string", default: "1" },
    posts: { type: "string", default: "20" },
    mb: { type: "string", default: "30" },
    port: { type: "string", default: process.env.PROBE_PORT ?? "3510" },
  },
});
const files = Number(values.files);
const posts = Number(values.posts);
const totalBytes = Number(values.mb) * 1024 * 1024;
const BOUNDARY = "----probe";

function form(index: number): Blob {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const parts: BlobPart[] = [
    field("title", `压力测试 ${index}`) +
      field("kind", "字体") +
      field("description", "上传压力测试。") +
      field("contact", "probe@example.com"),
  ];
  const fileBytes = Math.floor(totalBytes / files);
  for (let file = 0; file < files; file++) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="probe-${index}-${file}.ttf"\r\nContent-Type: font/ttf\r\n\r\n`,
      new Uint8Array([0x00, 0x01, 0x00, 0x00]),
      new Uint8Array(fileBytes - 4),
      "\r\n",
    );
  }
  parts.push(`--${BOUNDARY}--\r\n`);
  return new Blob(parts);
}

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
};

const site = await startBuiltSite(Number(values.port));
try {
  const pid = site.pid!;
  // Timed from a process of its own, so that sending the uploads does not slow the probe's reading.
  const timePage = () =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      execFile(
        "curl",
        ["-s", "-o", "/dev/null", "-H", "Cookie: probe=1", "-w", "%{http_code} %{time_total}", `${site.origin}/font`],
        (_error, stdout) => {
          const [code = "0", seconds = "0"] = stdout.split(" ");
          resolve({ ms: Number(seconds) * 1000, ok: code === "200" });
        },
      );
    });
  await timePage();
  const idle: number[] = [];
  for (let round = 0; round < 8; round++) idle.push((await timePage()).ms);
  const before = memory(pid);

  let posting = true;
  const latencies: number[] = [];
  const pageFailures: number[] = [];
  const pages = (async () => {
    while (posting) {
      const { ms, ok } = await timePage();
      latencies.push(ms);
      if (!ok) pageFailures.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const startedAt = performance.now();
  const answers = await Promise.all(
    Array.from({ length: posts }, async (_, index) => {
      try {
        const response = await fetch(`${site.origin}/submit`, {
          method: "POST",
          headers: {
            "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
            Origin: site.origin,
            Accept: "text/html",
            "X-Forwarded-For": `198.51.100.${index + 1}`,
          },
          body: form(index),
        });
        const text = await response.text();
        const message = /notice--error[^>]*>([^<]+)</.exec(text)?.[1] ?? /field__error[^>]*>([^<]+)</.exec(text)?.[1];
        return { status: response.status, message: message ?? (text.includes("投稿已收到") ? "投稿已收到" : "") };
      } catch (error) {
        return { status: 0, message: String(error) };
      }
    }),
  );
  const postsMs = performance.now() - startedAt;
  posting = false;
  await pages;

  const byStatus = new Map<string, number>();
  for (const { status, message } of answers) {
    const label = `${status} ${message.replace(/「[^」]*」/, "「…」")}`;
    byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const after = memory(pid);
  console.log(
    `${posts} posts of ${values.mb} MB (${files} file${files > 1 ? "s" : ""} each), ${Math.round(postsMs)} ms:`,
  );
  for (const [label, count] of byStatus) console.log(`  ${count} × ${label}`);
  console.log(`5xx or no answer: ${answers.filter(({ status }) => status === 0 || status >= 500).length}`);
  console.log(
    `/font meanwhile: ${latencies.length} answers, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, ` +
      `max ${Math.round(sorted.at(-1) ?? 0)} ms, failures ${pageFailures.length} (each: ${latencies.map(Math.round).join(", ")})`,
  );
  const idleSorted = idle.sort((a, b) => a - b);
  console.log(`/font before, alone: median ${Math.round(idleSorted[4]!)} ms, max ${Math.round(idleSorted.at(-1)!)} ms`);
  console.log(`resident memory: ${before.rssMb} MB before, ${after.rssMb} MB after, peak ${after.peakMb} MB`);
} finally {
  await site.stop();
}
