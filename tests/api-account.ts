/** The site's JSON API as a client outside the browser calls it, for tests and benches that need a signed-in user. */

type Envelope<Data> = { code: string; message: string; data: Data };

/** POSTs `body` as JSON to `path` of `origin` (with the user's `token` header when given); a refusal throws its message. */
export async function postJson<Data = unknown>(
  origin: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Data> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<Data>;
  if (answer.code !== "200") throw new Error(`${path}：${answer.code} ${answer.message}`);
  return answer.data;
}

/**
 * A new user registered by e-mail through `origin`'s API, the code read from the server's local outbox
 * (where it keeps codes without an SMTP server): their token.
 */
export async function registerByEmail(
  origin: string,
  { prefix, password, nickname }: { prefix: string; password: string; nickname?: string },
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await postJson(origin, "/web/api/account/sendCode", { account: email, purpose: "register" });
  const outbox = (await (await fetch(`${origin}/web/api/account/outbox`)).json()) as {
    data: { entries: Array<{ target: string; code: string | null }> };
  };
  const code = outbox.data.entries.find((entry) => entry.target === email)?.code;
  if (!code || !/^\d{6}$/.test(code)) throw new Error(`本机收件箱里没有 ${email} 的注册验证码`);
  const registered = await postJson<{ token: string }>(origin, "/web/api/account/register/email", {
    email,
    code,
    password,
    confirmPassword: password,
    ...(nickname !== undefined && { nickname }),
  });
  return registered.token;
}
