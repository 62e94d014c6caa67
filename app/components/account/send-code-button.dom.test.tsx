// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SendCodeButton } from "./send-code-button";

/** A page's form holding the button, and the send-code resource answering as the site does. */
function page(sent: Array<Record<string, string>>) {
  return createMemoryRouter(
    [
      {
        path: "/account/forget",
        element: (
          <form method="post">
            <input name="account" defaultValue="reader@example.com" />
            <SendCodeButton accountFieldName="account" purpose="reset" state={null} />
          </form>
        ),
      },
      {
        path: "/resources/send-code",
        action: async ({ request }) => {
          sent.push(Object.fromEntries(await request.formData()) as Record<string, string>);
          return { status: "sent", message: "验证码已发送", cooldown: 60, sentAt: Date.now() };
        },
      },
    ],
    { initialEntries: ["/account/forget"] },
  );
}

describe("SendCodeButton", () => {
  it("is served as the form's submit button for 获取验证码, which the page's action answers without JavaScript", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(<RouterProvider router={page([])} />);
    const button = host.querySelector("button")!;
    expect(button.textContent).toBe("获取验证码");
    expect([button.type, button.name, button.value, button.formNoValidate]).toEqual([
      "submit",
      "intent",
      "send-code",
      true,
    ]);
  });

  it("with React, sends the code through the resource and never posts the page's form", async () => {
    const sent: Array<Record<string, string>> = [];
    let posted = 0;
    render(<RouterProvider router={page(sent)} />);
    document.querySelector("form")!.addEventListener("submit", (event) => {
      posted++;
      event.preventDefault();
    });
    await userEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText("验证码已发送")).toBeTruthy();
    expect(sent).toEqual([{ account: "reader@example.com", purpose: "reset" }]);
    expect(posted).toBe(0);
    expect(screen.getByRole("button")).toHaveProperty("disabled", true);
  });
});
