// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";

describe("FormField", () => {
  it("labels its control and points it at its message, its hint and shared notes", () => {
    render(
      <>
        <FormField
          id="f-phone"
          name="phone"
          label="手机号"
          error="手机号格式不正确"
          hint="只用于回复"
          describedBy="shared-note"
        >
          {(props) => <input {...props} defaultValue="138" />}
        </FormField>
        <p id="shared-note">手机号和邮箱至少填一项</p>
      </>,
    );
    const input = screen.getByLabelText("手机号");
    expect(input).toHaveProperty("name", "phone");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("f-phone-error f-phone-hint shared-note");
    expect(screen.getByRole("alert").textContent).toBe("手机号格式不正确");
    expect(input).toHaveProperty("required", false);
  });

  it("is valid and required when asked, without a message", () => {
    render(
      <FormField id="f-name" name="name" label="称呼" required>
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByLabelText("称呼");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(input).toHaveProperty("required", true);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("FormField with errorReplacesHint", () => {
  it("shows the hint until there is a message, then the message alone", () => {
    const { rerender } = render(
      <FormField id="f-nick" name="nickname" label="昵称" hint="1–20 个字" errorReplacesHint>
        {(props) => <input {...props} />}
      </FormField>,
    );
    expect(screen.getByLabelText("昵称").getAttribute("aria-describedby")).toBe("f-nick-hint");
    expect(screen.getByText("1–20 个字")).toBeTruthy();
    rerender(
      <FormField id="f-nick" name="nickname" label="昵称" hint="1–20 个字" error="请填写昵称" errorReplacesHint>
        {(props) => <input {...props} />}
      </FormField>,
    );
    expect(screen.queryByText("1–20 个字")).toBeNull();
    expect(screen.getByLabelText("昵称").getAttribute("aria-describedby")).toBe("f-nick-error");
    expect(screen.getByRole("alert").textContent).toBe("请填写昵称");
  });
});
