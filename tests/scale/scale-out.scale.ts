import { Redis } from "ioredis";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3BlobStore } from "../../backend/blob/s3-blob-store.js";
import { call, startCluster, type Cluster, type Instance } from "./services.js";

type User = { nickname: string; avatar: string | null };

const PHONE = "13900139001";
const PASSWORD = "Scale-out-2026!x";

let cluster: Cluster;
let instances: [Instance, Instance];
let proxyUrl: string;
let redis: Redis;
let token: string;
let bucket: S3BlobStore;
let s3Endpoint: string;

describe("two instances on PostgreSQL, Redis and S3 behind a round-robin proxy", () => {
  beforeAll(async () => {
    cluster = await startCluster();
    ({ instances, proxyUrl } = cluster);
    const { env } = cluster.s3;
    s3Endpoint = env.S3_ENDPOINT!;
    bucket = new S3BlobStore({
      endpoint: s3Endpoint,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: true,
    });
    redis = new Redis(cluster.redisUrl);
  });

  afterAll(async () => {
    redis?.disconnect();
    bucket?.close();
    await cluster?.close();
  });

  it("verifies through one instance a code sent through the other", async () => {
    const [a, b] = instances;
    const sent = await call(a.url, "POST", "/web/api/account/sendCode", {
      json: { account: PHONE, purpose: "register" },
    });
    expect(sent.status).toBe(200);
    const registered = await call<{ token: string }>(b.url, "POST", "/web/api/account/register/phone", {
      json: { phone: PHONE, code: await cluster.latestCode(PHONE), password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status, registered.body.message).toBe(200);
    expect(registered.body.data.token).toBeTruthy();
  });

  it("accepts on one instance a login made on the other", async () => {
    const [a, b] = instances;
    const login = await call<{ token: string }>(a.url, "POST", "/web/api/login", {
      json: { account: PHONE, password: PASSWORD },
    });
    expect(login.status, login.body.message).toBe(200);
    token = login.body.data.token;
    const me = await call<User>(b.url, "GET", "/web/api/account/user-info", { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ phone: PHONE });
    const stranger = await call(b.url, "GET", "/web/api/account/user-info", { token: `${token}x` });
    expect(stranger.status).toBe(401);
  });

  it("counts a rate limit across both instances, in Redis", async () => {
    const [a, b] = instances;
    const wrong = { account: "13900139555", password: "Wrong-password-1" };
    // Five wrong passwords per client and account are allowed in the window: three on one instance, two on the other.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await call(attempt % 2 === 0 ? a.url : b.url, "POST", "/web/api/login", { json: wrong })).status);
    }
    expect(statuses.every((status) => status !== 429 && status >= 400)).toBe(true);
    for (const instance of [a, b]) {
      const refused = await call(instance.url, "POST", "/web/api/login", { json: wrong });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/登录失败次数过多/);
    }
    expect(await redis.keys("rate:login-ip-account:*")).not.toHaveLength(0);
  });

  it("serves from one instance an avatar uploaded through the other", async () => {
    const [a, b] = instances;
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("avatar", new Blob([picture], { type: "image/png" }), "me.png");
    const updated = await call<User>(a.url, "POST", "/web/api/account/update-account-info", { form, token });
    expect(updated.status, updated.body.message).toBe(200);
    const avatarPath = updated.body.data.avatar!;
    const file = avatarPath.slice(avatarPath.lastIndexOf("/") + 1);
    const served = await fetch(`${b.url}/web/api/account/avatar/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 256, height: 256 });
  });

  it("takes on one instance an upload presigned by the other straight into the shared bucket", async () => {
    const [a, b] = instances;
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2c3e50" } })
      .png()
      .toBuffer();
    const query = new URLSearchParams({ contentType: "image/png", size: String(picture.length), fileName: "作品.png" });
    const credential = await call<{ ticket: string; key: string; uploadUrl: string; headers: Record<string, string> }>(
      a.url,
      "GET",
      `/web/api/submission/getSTSToken?${query}`,
    );
    expect(credential.status, credential.body.message).toBe(200);
    const { ticket, key, uploadUrl, headers } = credential.body.data;
    expect(uploadUrl.startsWith(`${s3Endpoint}/`), uploadUrl).toBe(true);
    const uploaded = await fetch(uploadUrl, { method: "PUT", headers, body: picture });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const saved = await call<{ id: number }>(b.url, "POST", "/web/api/submission/saveSubmission", {
      json: {
        title: "扩展测试",
        kind: "作品",
        description: "两台实例之间的投稿",
        contact: PHONE,
        ticket,
        files: [key],
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(await bucket.get(`submissions/${key}`)).toEqual(picture);
  });

  it("serves from one instance the subset files made by the other, made again from the recipe in Redis", async () => {
    const [a, b] = instances;
    const fonts = await call<{ records: Array<{ fontGNo: string }> }>(a.url, "GET", "/web/api/font/getFontList?size=1");
    const gno = fonts.body.data.records[0]!.fontGNo;
    const made = await call<Array<{ woffPath: string; ttfPath: string }>>(a.url, "POST", "/webfont/http", {
      json: [{ gno, text: "两台实例" }],
    });
    expect(made.status, made.body.message).toBe(200);
    const { woffPath, ttfPath } = made.body.data[0]!;
    expect(await redis.keys("subset-recipe:*")).not.toHaveLength(0);
    // B makes the same files (same bytes) from the recipe A shared; WOFF 2.0 too, which A makes only
    // when the subset is asked for again.
    const woff2Path = woffPath.replace(/\.woff\?/, ".woff2?");
    for (const file of [woffPath, ttfPath, woff2Path]) {
      const fromB = await fetch(new URL(file, b.url));
      expect(fromB.status, `${file} from the instance that did not make it`).toBe(200);
      const fromA = await fetch(new URL(file, a.url));
      expect(fromA.status, `${file} from the instance that made it`).toBe(200);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
    expect(
      (await fetch(new URL(woff2Path, b.url)).then((response) => response.arrayBuffer())).byteLength,
    ).toBeGreaterThan(0);
    // A name no instance shared is still not found.
    expect((await fetch(`${b.url}/webfont/files/${"0".repeat(32)}.woff`)).status).toBe(404);

    const variable = await call<Array<{ files: Array<{ woffPath: string }> }>>(
      a.url,
      "POST",
      "/subset/web-variable-font",
      {
        json: [{ gno: "v1", text: "的一是可变字体" }],
      },
    );
    expect(variable.status, variable.body.message).toBe(200);
    const slices = variable.body.data[0]!.files;
    expect(slices.length).toBeGreaterThan(0);
    for (const slice of slices) expect((await fetch(new URL(slice.woffPath, b.url))).status).toBe(200);
  });

  it("serves from one instance every preview file of the pages the other rendered, fonts decoded at start-up included", async () => {
    const [a, b] = instances;
    const files = new Set<string>();
    for (const page of ["/", "/font"]) {
      const html = await (await fetch(`${a.url}${page}`)).text();
      for (const [file] of html.matchAll(/\/webfont\/files\/[0-9a-f]{32}\.(?:woff2?|ttf|otf)\?t=\d+/g)) files.add(file);
    }
    expect(files.size, "preview files on the home page and the font list").toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of files) {
      const status = (await fetch(new URL(file, b.url))).status;
      if (status !== 200) missing.push(`${status} ${file}`);
    }
    expect(missing, "files the other instance did not serve").toEqual([]);
  });

  it("loses no request the proxy retries and no data when one instance is killed", async () => {
    const [a, b] = instances;
    const answered: Array<{ status: number; upstream: string | null }> = [];
    let lastNickname = "";
    // One writer (a user's changes are ordered: two at once would conflict) and three readers.
    const writer = async () => {
      for (let step = 0; step < 16; step++) {
        const nickname = `扩展节点${step}`;
        const result = await call<User>(proxyUrl, "POST", "/web/api/account/update-account-info", {
          json: { nickname },
          token,
        });
        answered.push(result);
        if (result.status === 200) lastNickname = result.body.data.nickname;
      }
    };
    const reader = async () => {
      for (let step = 0; step < 16; step++) {
        answered.push(await call<User>(proxyUrl, "GET", "/web/api/account/user-info", { token }));
      }
    };
    const traffic = Promise.all([writer(), reader(), reader(), reader()]);
    // Killed while the requests are flowing, some of them on their way to it.
    while (answered.length < 16) await new Promise((resolve) => setTimeout(resolve, 2));
    await a.kill();
    await traffic;

    expect(answered).toHaveLength(64);
    expect(answered.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
    expect(answered.some((answer) => answer.upstream === String(a.port))).toBe(true);
    expect(answered.at(-1)!.upstream).toBe(String(b.port));

    // What was written is all there, read through the instance left.
    expect(lastNickname).toBe("扩展节点15");
    const me = await call<User>(b.url, "GET", "/web/api/account/user-info", { token });
    expect(me.status).toBe(200);
    expect(me.body.data.nickname).toBe(lastNickname);
    const avatar = me.body.data.avatar!;
    expect((await fetch(`${b.url}/web/api/account/avatar/${avatar.slice(avatar.lastIndexOf("/") + 1)}`)).status).toBe(
      200,
    );
    const login = await call(proxyUrl, "POST", "/web/api/login", { json: { account: PHONE, password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});
