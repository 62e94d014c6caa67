/**
 * What a visitor waits for when they type words no one typed before (`npm run bench:subset -- page`, also
 * run by `npm run bench:subset`): the built site in a child process as `npm start` runs it, loaded as a
 * browser loads it (the HTML, then every preview face it names, six requests at a time), for
 *
 * - `/font?text=…` with 6 common characters never asked for before, against the native tools making the
 *   same subsets one font after another (`hb-subset` then `sfnt2woff` per font, each a process, timed by
 *   the shell right after ours in the same round): goal ≤ 0.5×; after the server has answered 30 such
 *   pages, whose time is printed apart;
 * - a font page opened for the first time with new words (goal p50 ≤ 200 ms), beside the same native
 *   reference for the faces it names;
 * - a subset already made, asked again (`POST /webfont/http` and its file): goal p50 ≤ 2 ms, beside the
 *   least two such requests cost on this host (a bare Node HTTP server in a child process answering
 *   the same bytes, from the same client, in turns with ours);
 * - every other font page, opened for the first time one after another, as a visitor browsing the
 *   catalogue does (faces loaded and evicted under the memory bound meanwhile).
 *
 * Nothing here asserts a time; each figure is printed beside its goal and its reference.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FAMILY_SEEDS, FIRST_FONT_GNO } from "../../backend/catalogue/families.js";
import { prepareFontFile } from "../../backend/catalogue/font-files.js";
import { FontStorage } from "../../backend/storage/font-storage.js";
import { startBuiltSite } from "./built-site.js";
import { gb2312Level1, percentile } from "./bench-texts.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const BROWSER_CONNECTIONS = 6;
const NEW_WORD_LENGTH = 6;
const HIT_WARM_UPS = 100;
const NEW_WORDS_WARM_UPS = 30;
const HITS_TIMED = 200;
const FACE_URL = /@font-face\{font-family:"(A?[0-9A-Za-z_]+)-[0-9a-f]+";src:url\("([^"]+)"\)/g;

export async function benchNewWords(port = Number(process.env.BENCH_PORT ?? 3392)): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), "new-words-bench-"));
  const fontFiles = await catalogueFontFiles(workDir);
  const words = newWords();
  const site = await startBuiltSite(port);
  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${site.origin}${pathAndQuery}`);
    if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${response.status}`);
    return response;
  };
  /** The page, then each face it names, BROWSER_CONNECTIONS at a time: ms until the last face arrived. */
  const loadAsBrowser = async (pathAndQuery: string) => {
    const start = performance.now();
    const html = await (await get(pathAndQuery)).text();
    const htmlMs = performance.now() - start;
    const faces = [...html.matchAll(FACE_URL)].map(([, family, url]) => ({
      gno: family!.replace(/^A/, ""),
      url: url!,
    }));
    const queue = [...faces];
    await Promise.all(
      Array.from({ length: BROWSER_CONNECTIONS }, async () => {
        for (let face = queue.shift(); face; face = queue.shift()) await (await get(face.url)).arrayBuffer();
      }),
    );
    return { htmlMs, readyMs: performance.now() - start, gnos: faces.map((face) => face.gno) };
  };
  const native = (gnos: string[], text: string) =>
    nativeSerial(
      gnos.map((gno) => fontFiles.get(gno)!),
      text,
      workDir,
    );

  try {
    // A running server: its routes, templates and the faces of the first page warm, as a visitor finds it.
    // Pages of new words are most of what it answers, so V8 has optimized their code long before most
    // visitors come: the first dozens after a start take half as long again, and are printed apart.
    const justStarted: number[] = [];
    for (let warm = 0; warm < NEW_WORDS_WARM_UPS; warm++) {
      justStarted.push((await loadAsBrowser(`/font?text=${encodeURIComponent(words())}`)).readyMs);
      await loadAsBrowser(`/font/${FIRST_FONT_GNO}?text=${encodeURIComponent(words())}`);
    }

    const list = { html: [] as number[], ready: [] as number[], native: [] as number[], faces: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const text = words();
      const ours = await loadAsBrowser(`/font?text=${encodeURIComponent(text)}`);
      list.html.push(ours.htmlMs);
      list.ready.push(ours.readyMs);
      list.faces = ours.gnos.length;
      list.native.push(native(ours.gnos, text));
    }

    const fontPage = {
      html: [] as number[],
      ready: [] as number[],
      native: [] as number[],
      faces: 0,
      gnosOpened: [] as string[],
    };
    const gnos = [...fontFiles.keys()];
    for (let round = 0; round < ROUNDS; round++) {
      const text = words();
      // Each round a font page not opened before, past the first page of the list.
      const gno = gnos[(round * 3 + 11) % gnos.length]!;
      fontPage.gnosOpened.push(gno);
      const ours = await loadAsBrowser(`/font/${gno}?text=${encodeURIComponent(text)}`);
      fontPage.html.push(ours.htmlMs);
      fontPage.ready.push(ours.readyMs);
      fontPage.faces = ours.gnos.length;
      fontPage.native.push(native(ours.gnos, text));
    }

    const hitText = words();
    const hitItem = JSON.stringify([{ gno: String(FIRST_FONT_GNO), text: hitText }]);
    const askSubset = async () => {
      const start = performance.now();
      const answer = (await (
        await fetch(`${site.origin}/webfont/http`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: hitItem,
        })
      ).json()) as { data: Array<{ woffPath: string }> };
      await (await get(answer.data[0]!.woffPath)).arrayBuffer();
      return performance.now() - start;
    };
    // The answer itself, not the background work the pages above left (WOFF2 copies of their subsets).
    await site.settled();
    // A server answers hits all day: its code for them (and the client's) is optimized long before most
    // are asked; the first few dozen after a start take twice as long and more.
    for (let warm = 0; warm < HIT_WARM_UPS; warm++) await askSubset();
    const hitAnswer = await (
      await fetch(`${site.origin}/webfont/http`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: hitItem,
      })
    ).text();
    const hitFile = await (await get(JSON.parse(hitAnswer).data[0].woffPath)).arrayBuffer();
    const bare = await startBareServer(hitAnswer, hitFile.byteLength);
    const askBare = async () => {
      const start = performance.now();
      await (
        await fetch(bare.origin, { method: "POST", headers: { "content-type": "application/json" }, body: hitItem })
      ).text();
      await (await fetch(`${bare.origin}/file`)).arrayBuffer();
      return performance.now() - start;
    };
    const hits: number[] = [];
    const bareHits: number[] = [];
    try {
      for (let warm = 0; warm < HIT_WARM_UPS; warm++) await askBare();
      for (let run = 0; run < HITS_TIMED; run++) {
        hits.push(await askSubset());
        bareHits.push(await askBare());
      }
    } finally {
      bare.stop();
    }

    // A visitor browsing the catalogue: every font page not opened yet, one after another, each font's
    // face loaded for the first time (faces come and go under the memory bound meanwhile).
    const opened = new Set(fontPage.gnosOpened);
    const browsing: number[] = [];
    for (const gno of gnos.filter((candidate) => !opened.has(candidate))) {
      browsing.push((await loadAsBrowser(`/font/${gno}?text=${encodeURIComponent(words())}`)).readyMs);
    }

    const p50 = (times: number[]) => percentile(times, 0.5);
    const line = (label: string, value: string, goal: string) =>
      console.log(`  ${label.padEnd(34)} ${value.padStart(24)}   目标 ${goal}`);
    console.log(
      `\n服务器启动后的后台准备（字体摘要、预备字形）用了 ${(site.settledAfterMs / 1000).toFixed(1)} 秒，测量在其后`,
    );
    console.log(
      `\n== 新词预览（${ROUNDS} 轮，每轮 ${NEW_WORD_LENGTH} 个从未请求过的常用字，HTML 之后每次 ${BROWSER_CONNECTIONS} 个并发取字体文件）`,
    );
    console.log(`-- /font（${list.faces} 个预览字体）`);
    line("HTML 到达 p50", `${p50(list.html).toFixed(0)} ms`, "—");
    line(
      "全部预览就绪 p50 / p95",
      `${p50(list.ready).toFixed(0)} / ${percentile(list.ready, 0.95).toFixed(0)} ms`,
      "—",
    );
    line("原生逐个字体 hb-subset+sfnt2woff p50", `${p50(list.native).toFixed(0)} ms`, "参照");
    line("全部预览就绪 ÷ 原生（逐轮之比的中位数）", ratio(list.ready, list.native), "≤ 0.50×");
    line(
      `服务器刚启动的前 ${NEW_WORDS_WARM_UPS} 页：全部预览就绪 p50`,
      `${p50(justStarted).toFixed(0)} ms`,
      "—（代码尚未被 V8 优化，不计入上面）",
    );
    console.log(`-- 首次打开的字体页（${fontPage.faces} 个字体）`);
    line("HTML 到达 p50", `${p50(fontPage.html).toFixed(0)} ms`, "—");
    line(
      "全部预览就绪 p50 / p95",
      `${p50(fontPage.ready).toFixed(0)} / ${percentile(fontPage.ready, 0.95).toFixed(0)} ms`,
      "≤ 200 ms (p50)",
    );
    line("原生同样的子集 p50", `${p50(fontPage.native).toFixed(0)} ms`, "参照");
    line("全部预览就绪 ÷ 原生", ratio(fontPage.ready, fontPage.native), "—");
    console.log("-- 已做过的子集（POST /webfont/http 加取回其文件，客户端计时）");
    line("p50 / p95", `${p50(hits).toFixed(2)} / ${percentile(hits, 0.95).toFixed(2)} ms`, "≤ 2 ms (p50)");
    line(
      "空白 Node HTTP 服务答同样字节 p50 / p95",
      `${p50(bareHits).toFixed(2)} / ${percentile(bareHits, 0.95).toFixed(2)} ms`,
      "参照（本机两次请求的下限）",
    );
    console.log(`-- 其余 ${browsing.length} 个字体页，一个接一个首次打开（逛字体库）`);
    line(
      "全部预览就绪 p50 / p95",
      `${p50(browsing).toFixed(0)} / ${percentile(browsing, 0.95).toFixed(0)} ms`,
      "≤ 200 ms (p50)",
    );
    line("合计", `${browsing.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms`, "—");
  } finally {
    await site.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The median of the per-round ratios ours / native, each pair measured back to back. */
function ratio(ours: number[], native: number[]): string {
  return `${percentile(
    ours.map((value, index) => value / native[index]!),
    0.5,
  ).toFixed(2)}×`;
}

/** Each call: NEW_WORD_LENGTH common characters no earlier call gave. */
function newWords(): () => string {
  const characters = [...gb2312Level1()];
  let next = 0;
  return () => {
    if (next + NEW_WORD_LENGTH > characters.length) throw new Error("新字符用完了");
    next += NEW_WORD_LENGTH;
    return characters.slice(next - NEW_WORD_LENGTH, next).join("");
  };
}

/** Every catalogue font's TrueType file by gno, numbered as the seed numbers them (WOFF2 sources decoded into `dataDir`). */
async function catalogueFontFiles(dataDir: string): Promise<Map<string, string>> {
  const storage = new FontStorage(dataDir);
  const files = new Map<string, string>();
  let gno = FIRST_FONT_GNO;
  for (const family of FAMILY_SEEDS)
    for (const source of family.files)
      files.set(String(gno++), storage.resolve((await prepareFontFile(source, storage)).ttf));
  return files;
}

/**
 * `hb-subset` then `sfnt2woff` for each font in turn, as a shell loop timed by the shell itself
 * (bash's clock, so Node's spawn is not counted): ms for all of them.
 */
function nativeSerial(fontPaths: string[], text: string, workDir: string): number {
  const textFile = path.join(workDir, "text.txt");
  writeFileSync(textFile, text);
  const result = spawnSync(
    "bash",
    [
      "-c",
      `out="$0/native.ttf"; start=$EPOCHREALTIME
       for font in "$@"; do hb-subset --no-hinting --text-file="$0/text.txt" --output-file="$out" "$font" && sfnt2woff "$out" || exit 1; done
       echo "$start $EPOCHREALTIME"`,
      workDir,
      ...fontPaths,
    ],
    { encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
  );
  const [start, end] = result.stdout.trim().split(" ").map(Number);
  if (result.status !== 0 || !start || !end)
    throw new Error(`hb-subset / sfnt2woff 失败（apt-get install libharfbuzz-bin woff-tools）：${result.stderr}`);
  return (end - start) * 1000;
}

/**
 * A Node HTTP server with nothing in it, in a child process as the site is: answers a POST with
 * `answer` (as JSON) and any GET with `fileBytes` bytes of a font file, for what two requests cost
 * on this host whatever answers them.
 */
async function startBareServer(answer: string, fileBytes: number): Promise<{ origin: string; stop: () => void }> {
  const script = `
    const http = require("node:http");
    const answer = Buffer.from(process.env.ANSWER);
    const file = Buffer.alloc(Number(process.env.FILE_BYTES), 1);
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const post = req.method === "POST";
        res.writeHead(200, { "content-type": post ? "application/json" : "font/woff", "content-length": post ? answer.length : file.length });
        res.end(post ? answer : file);
      });
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, ANSWER: answer, FILE_BYTES: String(fileBytes) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`空白 HTTP 服务退出：${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
