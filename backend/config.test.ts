import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerConfig } from "./config.js";

describe("readServerConfig", () => {
  it("reads the account settings with the server's, from the same variables", () => {
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: "some-data",
      SMTP_URL: "smtp://mailer:secret@127.0.0.1:2525",
      SMS_GATEWAY_URL: "https://sms.example.com/send",
      CAPTCHA: "off",
    });
    expect(config.nodeEnv).toBe("test");
    expect(config.dataDir).toBe(path.resolve("some-data"));
    expect(config.account).toMatchObject({
      nodeEnv: "test",
      dataDir: path.resolve("some-data"),
      smtpUrl: "smtp://mailer:secret@127.0.0.1:2525",
      smsGatewayUrl: "https://sms.example.com/send",
      captchaEnabled: false,
    });
  });

  it("defaults to production with the captcha on, and refuses to start with it off there", () => {
    expect(readServerConfig({}).account).toMatchObject({ nodeEnv: "production", captchaEnabled: true });
    expect(() => readServerConfig({ CAPTCHA: "off" })).toThrow(/不允许关闭验证码/);
  });

  it("reads SUBSET_THREADS, one thread when unset or empty, 0 for the main thread, and names it when out of range", () => {
    expect(readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "3" }).subsetThreads).toBe(3);
    expect(readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "0" }).subsetThreads).toBe(0);
    expect(readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "" }).subsetThreads).toBe(1);
    expect(readServerConfig({ NODE_ENV: "test" }).subsetThreads).toBe(1);
    expect(() => readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "-1" })).toThrow(/SUBSET_THREADS/);
    expect(() => readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "17" })).toThrow(/SUBSET_THREADS/);
    expect(() => readServerConfig({ NODE_ENV: "test", SUBSET_THREADS: "两个" })).toThrow(/SUBSET_THREADS/);
  });

  it("names the variable of a wrong account setting", () => {
    expect(() => readServerConfig({ NODE_ENV: "test", SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  });

  it("reads Redis and a whole S3 setting, and keeps the embedded stores when none is given", () => {
    const config = readServerConfig({
      NODE_ENV: "test",
      REDIS_URL: "redis://cache.internal:6379/2",
      S3_ENDPOINT: "https://s3.example.com/",
      S3_BUCKET: "ziti",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.redisUrl).toBe("redis://cache.internal:6379/2");
    expect(config.s3).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "ziti",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    const embedded = readServerConfig({ NODE_ENV: "test" });
    expect(embedded.redisUrl).toBeUndefined();
    expect(embedded.s3).toBeUndefined();
  });

  it("names what is missing from a partial S3 setting", () => {
    expect(() =>
      readServerConfig({ NODE_ENV: "test", S3_ENDPOINT: "https://s3.example.com", S3_BUCKET: "ziti" }),
    ).toThrow(/S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY/);
    expect(() => readServerConfig({ NODE_ENV: "test", REDIS_URL: "not a url" })).toThrow(/REDIS_URL/);
  });
});
