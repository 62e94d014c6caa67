import path from "node:path";
import { z } from "zod";
import { readAccountConfig, type AccountConfig } from "./account/config.js";
import type { S3Settings } from "./blob/s3-blob-store.js";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ""))
  .pipe(z.union([z.literal(""), z.string().url("必须是完整的网址，例如 https://api.example.com")]))
  .optional()
  .transform((value) => value || undefined);

const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  API_BASE: optionalUrl,
  SUBSET_BASE: optionalUrl,
  STATIC_BASE: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default("data"),
  SUBSET_MEMORY_MB: z.coerce.number().int().min(16).max(16384).default(160),
  SUBSET_THREADS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(0).max(16).default(1),
  ),
  SUBSET_CACHE_MB: z.coerce.number().int().min(1).max(1_048_576).default(1024),
  SUBSET_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30_000),
  SUBSET_FILES_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(3_000),
  UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(20),
  SUBMISSION_PENDING_MB: z.coerce.number().int().min(1).max(1_048_576).default(2048),
  SUBMISSION_PENDING_PER_CLIENT_MB: z.coerce.number().int().min(1).max(1_048_576).default(200),
  REDIS_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
});

/** Every setting of the server process, read from the environment once at start. */
export type ServerConfig = {
  port: number;
  host: string;
  nodeEnv: "development" | "production" | "test";
  apiBase?: string;
  subsetBase?: string;
  staticBase?: string;
  databaseUrl?: string;
  dataDir: string;
  subsetMemoryMb: number;
  /** Worker threads that make subsets (SUBSET_THREADS, 1 by default); 0 = on the main thread. */
  subsetThreads: number;
  /** Byte budget of the subset cache on disk, in MB; least recently used subsets go first. */
  subsetCacheMb: number;
  /** Subset cost (items plus uncached characters) one client may spend per minute. */
  subsetRateLimitPerMinute: number;
  /** Subset files one client may fetch per minute. */
  subsetFilesRateLimitPerMinute: number;
  trustProxy: string | number;
  /** Multipart bodies (the website's uploads) this process reads at once; one more answers 503. */
  uploadsInFlight: number;
  /** Bytes of 投稿 upload credentials not yet submitted, in all and per client (decision 023). */
  pendingUploads: { totalBytes: number; perClientBytes: number };
  /** REDIS_URL: rate limits shared by every instance; without it they count in the database and in memory. */
  redisUrl?: string;
  /** S3_*: avatars and submitted files in a bucket every instance shares; without it they are files under dataDir. */
  s3?: S3Settings;
  /** SMTP, SMS gateway, WeChat and captcha settings, for `createBackend({ account })`. */
  account: AccountConfig;
};

/** Reads and validates every setting; a wrong one stops start-up with a message naming the variable. */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`环境变量配置有误：\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const s3 = readS3Settings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    apiBase: e.API_BASE,
    subsetBase: e.SUBSET_BASE,
    staticBase: e.STATIC_BASE,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    subsetMemoryMb: e.SUBSET_MEMORY_MB,
    subsetThreads: e.SUBSET_THREADS,
    subsetCacheMb: e.SUBSET_CACHE_MB,
    subsetRateLimitPerMinute: e.SUBSET_RATE_LIMIT_PER_MINUTE,
    subsetFilesRateLimitPerMinute: e.SUBSET_FILES_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    uploadsInFlight: e.UPLOADS_IN_FLIGHT,
    pendingUploads: {
      totalBytes: e.SUBMISSION_PENDING_MB * 1024 * 1024,
      perClientBytes: e.SUBMISSION_PENDING_PER_CLIENT_MB * 1024 * 1024,
    },
    redisUrl: e.REDIS_URL,
    s3,
    account: readAccountConfig({ ...env, NODE_ENV: e.NODE_ENV, DATA_DIR: dataDir }),
  };
}

/** All of endpoint, bucket and both keys, or none of them. */
function readS3Settings(e: z.infer<typeof serverEnvSchema>): S3Settings | undefined {
  const given = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET || undefined,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID || undefined,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY || undefined,
  };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) {
    throw new Error(`环境变量配置有误：\n使用 S3 存储时还需设置 ${missing.map(([name]) => name).join("、")}`);
  }
  return {
    endpoint: given.S3_ENDPOINT!,
    bucket: given.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: given.S3_ACCESS_KEY_ID!,
    secretAccessKey: given.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
  };
}
