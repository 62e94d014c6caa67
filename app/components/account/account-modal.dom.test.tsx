// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, redirect, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AccountModal, accountModal } from "./account-modal";
import type { WechatView } from "./wechat-panel";

type ActionResult = Record<string, unknown> | Response;

/** What the account page actions answer next (set per test), and what they were sent. */
let answer: (form: FormData) => ActionResult = (form) => ({
  form: "password",
  values: {},
  fieldErrors: {},
  formError: `未处理：${form.get("intent")}`,
});
let posted: Array<{ url: URL; form: FormData }> = [];
let wechat: WechatView = {
  configured: true,
  state: "s1",
  frameUrl: "https://open.weixin.example/qr",
  embed: false,
  redirectTo: "/",
  message: null,
};

afterEach(() => {
  act(() => accountModal.close());
  posted = [];
});

function renderPage() {
  const action = async ({ request }: { request: Request }) => {
    const form = await request.formData();
    posted.push({ url: new URL(request.url), form });
    return answer(form);
  };
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <button type="button" onClick={() => accountModal.open("password")}>
              打开登录
            </button>
            <Outlet />
            <AccountModal />
          </>
        ),
        children: [
          { index: true, element: <p>首页</p> },
          { path: "user", element: <p>个人中心</p> },
          { path: "account/login", action },
          { path: "account/register", action },
          { path: "account/forget", action },
          { path: "account/wechat", loader: () => ({ view: wechat }) },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  return { router, user: userEvent.setup() };
}

const dialog = () => screen.getByRole("dialog");
const field = (label: string) => within(dialog()).getByLabelText<HTMLInputElement>(label);
const alerts = () =>
  within(dialog())
    .queryAllByRole("alert")
    .map((node) => node.textContent);
const focusIsInDialog = () => dialog() !== document.activeElement && dialog().contains(document.activeElement);
const activeTab = () =>
  within(dialog())
    .getAllByRole("link")
    .find((link) => link.querySelector('[aria-current="page"]'))?.textContent;

describe("AccountModal", () => {
  it("is closed until opened, then opens in the view it is given with focus inside it", async () => {
    renderPage();
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => accountModal.open("password"));
    expect(screen.getByRole("dialog", { name: "登录" }).getAttribute("aria-modal")).toBe("true");
    expect(activeTab()).toBe("密码登录");
    expect(focusIsInDialog()).toBe(true);
    expect(document.activeElement).toBe(field("账号"));
    expect(field("密码").type).toBe("password");

    act(() => accountModal.open("code"));
    expect(activeTab()).toBe("验证码登录");
    expect(field("手机号")).toBeTruthy();

    act(() => accountModal.open("register-email"));
    expect(screen.getByRole("dialog", { name: "注册账号" })).toBeTruthy();
    expect(field("邮箱")).toBeTruthy();

    act(() => accountModal.open("forget-phone"));
    expect(screen.getByRole("dialog", { name: "找回密码" })).toBeTruthy();
    expect(field("手机号")).toBeTruthy();
    expect(focusIsInDialog()).toBe(true);
  });

  it("opens the WeChat view by default", async () => {
    renderPage();
    act(() => accountModal.open());
    expect(activeTab()).toBe("微信登录");
    expect(await within(dialog()).findByLabelText("微信二维码")).toBeTruthy();
    expect(
      within(dialog()).getByRole("link", { name: "二维码无法显示？在微信开放平台页面扫码" }).getAttribute("href"),
    ).toBe(wechat.frameUrl);
  });

  it("switches between login by password, by code, register and forget without leaving the page", async () => {
    const { router, user } = renderPage();
    act(() => accountModal.open("password"));

    await user.click(within(dialog()).getByRole("link", { name: "验证码登录" }));
    expect(activeTab()).toBe("验证码登录");
    expect(field("手机号")).toBeTruthy();
    expect(field("验证码")).toBeTruthy();

    await user.click(within(dialog()).getByRole("link", { name: "立即注册" }));
    expect(screen.getByRole("dialog", { name: "注册账号" })).toBeTruthy();
    expect(field("手机号")).toBeTruthy();
    await user.click(within(dialog()).getByRole("link", { name: "邮箱注册" }));
    expect(field("邮箱")).toBeTruthy();
    expect(within(dialog()).queryByLabelText("手机号")).toBeNull();

    await user.click(within(dialog()).getByRole("link", { name: "去登录" }));
    expect(activeTab()).toBe("密码登录");
    await user.click(within(dialog()).getByRole("link", { name: "忘记密码？" }));
    expect(screen.getByRole("dialog", { name: "找回密码" })).toBeTruthy();
    expect(field("邮箱")).toBeTruthy();
    await user.click(within(dialog()).getByRole("link", { name: "返回登录" }));
    expect(screen.getByRole("dialog", { name: "登录" })).toBeTruthy();

    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("POP");
  });

  it("Escape closes it and gives focus back to what opened it", async () => {
    const { user } = renderPage();
    const opener = screen.getByRole("button", { name: "打开登录" });
    await user.click(opener);
    expect(focusIsInDialog()).toBe(true);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("the close button and the backdrop close it", async () => {
    const { user } = renderPage();
    act(() => accountModal.open("code"));
    await user.click(within(dialog()).getByRole("button", { name: "关闭" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => accountModal.open("code"));
    await user.click(document.querySelector(".account-modal-layer .dialog-backdrop")!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a bad phone number is refused in Chinese before anything is sent, and the message goes once it is fixed", async () => {
    const { user } = renderPage();
    act(() => accountModal.open("code"));

    await user.type(field("手机号"), "1234");
    await user.click(within(dialog()).getByRole("button", { name: "登录" }));
    expect(alerts()).toEqual(["手机号格式不正确", "请输入验证码"]);
    expect(field("手机号").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("手机号"));
    expect(posted).toEqual([]);

    await user.clear(field("手机号"));
    await user.type(field("手机号"), "13800138000");
    expect(alerts()).toEqual(["请输入验证码"]);
    expect(field("手机号").getAttribute("aria-invalid")).toBeNull();
  });

  it("leaving a badly filled field shows its message", async () => {
    const { user } = renderPage();
    act(() => accountModal.open("register-email"));
    await user.type(field("邮箱"), "not-an-email");
    await user.tab();
    expect(alerts()).toEqual(["邮箱格式不正确"]);
  });

  it("registering checks the passwords and the agreement", async () => {
    const { user } = renderPage();
    act(() => accountModal.open("register-phone"));
    await user.type(field("手机号"), "13800138000");
    await user.type(field("验证码"), "123456");
    await user.type(field("密码"), "abc");
    await user.type(field("确认密码"), "abd");
    await user.click(within(dialog()).getByRole("button", { name: "注册并登录" }));
    expect(alerts()).toEqual([
      "密码至少 8 个字符",
      "两次输入的密码不一致",
      "请阅读并同意《用户注册协议》和《字体授权协议》",
    ]);
    expect(posted).toEqual([]);
  });

  it("a filled-in login posts to the login page's action and shows its refusal, emptying the password", async () => {
    answer = (form) => ({
      form: "password",
      values: { account: String(form.get("account")) },
      fieldErrors: {},
      formError: "账号或密码错误",
    });
    const { user } = renderPage();
    act(() => accountModal.open("password", "/font/10007"));
    await user.type(field("账号"), "13800138000");
    await user.type(field("密码"), "correct horse");
    await user.click(within(dialog()).getByRole("button", { name: "登录" }));

    expect(await within(dialog()).findByText("账号或密码错误")).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0].url.pathname).toBe("/account/login");
    expect(posted[0].url.searchParams.get("mode")).toBe("password");
    expect(Object.fromEntries(posted[0].form)).toEqual({
      account: "13800138000",
      password: "correct horse",
      redirect: "/font/10007",
      website: "",
      intent: "submit",
    });
    expect(field("账号").value).toBe("13800138000");
    expect(field("密码").value).toBe("");
  });

  it("a successful login's redirect navigates and closes the dialog", async () => {
    answer = () => redirect("/user");
    const { router, user } = renderPage();
    act(() => accountModal.open("password"));
    await user.type(field("账号"), "someone@example.com");
    await user.type(field("密码"), "correct horse");
    await user.click(within(dialog()).getByRole("button", { name: "登录" }));

    expect(await screen.findByText("个人中心")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/user");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  // Last: once WeChat is known to be off, the modal remembers it for the rest of the page's life.
  it("without WeChat login configured, falls back to the password login and hides the WeChat tab", async () => {
    wechat = { ...wechat, configured: false, frameUrl: null, message: "未配置微信登录" };
    renderPage();
    act(() => accountModal.open("wechat"));
    await vi.waitFor(() => expect(activeTab()).toBe("密码登录"));
    expect(within(dialog()).queryByRole("link", { name: "微信登录" })).toBeNull();

    act(() => accountModal.close());
    act(() => accountModal.open("wechat"));
    expect(activeTab()).toBe("密码登录");
  });
});
