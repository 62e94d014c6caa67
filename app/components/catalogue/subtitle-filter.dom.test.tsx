// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { parseFontListQuery } from "~/services/catalogue/font-query";
import { SubtitleFilter } from "./subtitle-filter";

type Posted = { url: string; fields: string[] };

/** The filter on a /font page whose action records what it received and answers as the real one does. */
function renderFilter(
  address: string,
  answer: (posted: Posted) => Response | { subtitleMessage: string } | Promise<{ subtitleMessage: string }>,
) {
  const posted: Posted[] = [];
  function Page() {
    const location = useLocation();
    const { query } = parseFontListQuery(new URLSearchParams(location.search));
    return (
      <>
        <output data-testid="address">{`${location.pathname}${location.search}`}</output>
        <SubtitleFilter query={query} />
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: "/font",
        children: [
          {
            index: true,
            element: <Page />,
            action: async ({ request }) => {
              const form = await request.formData();
              // jsdom's File does not survive the trip into the request's body (its bytes are
              // tests/e2e/subtitle-filter.spec.ts's to check): the field's presence is.
              const entry = { url: request.url, fields: [...form.keys()] };
              posted.push(entry);
              return answer(entry);
            },
          },
        ],
      },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return { posted, router };
}

const SRT = "1\n00:00:01,000 --> 00:00:02,000\n龘\n";

describe("SubtitleFilter", () => {
  it("posts the chosen file to the list's own action as soon as it is chosen, the other filters in its address", async () => {
    const user = userEvent.setup();
    const { posted } = renderFilter("/font?text=%E6%A0%87%E9%A2%98&style=cute", () => ({ subtitleMessage: "x" }));
    const form = screen.getByLabelText("字幕文件").closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(form.getAttribute("action")).toBe("/font?index&text=%E6%A0%87%E9%A2%98&style=cute");

    await user.upload(screen.getByLabelText("字幕文件"), new File([SRT], "片头.srt", { type: "text/plain" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.fields).toEqual(["subtitle"]);
    expect(new URL(posted[0]!.url).searchParams.get("style")).toBe("cute");
  });

  it("follows the action's redirect to the filtered address and says which file filtered how many fonts", async () => {
    const user = userEvent.setup();
    renderFilter(
      "/font?style=cute",
      () =>
        new Response(null, { status: 303, headers: { Location: "/font?style=cute&fonts=10001.10002&subtitle=a.srt" } }),
    );
    expect(screen.queryByTestId("subtitle-filter-active")).toBeNull();
    await user.upload(screen.getByLabelText("字幕文件"), new File([SRT], "a.srt"));
    const active = await screen.findByTestId("subtitle-filter-active");
    expect(active.textContent).toContain("按字幕“a.srt”筛选：2 款字体能显示其中的每一个字");
    expect(screen.getByTestId("address").textContent).toBe("/font?style=cute&fonts=10001.10002&subtitle=a.srt");

    await user.click(screen.getByRole("link", { name: "清除字幕筛选" }));
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe("/font?style=cute"));
    expect(screen.queryByTestId("subtitle-filter-active")).toBeNull();
  });

  it("says the file is being checked until the answer comes", async () => {
    const user = userEvent.setup();
    let answer!: (value: { subtitleMessage: string }) => void;
    renderFilter("/font", () => new Promise((resolve) => (answer = resolve)));
    await user.upload(screen.getByLabelText("字幕文件"), new File([SRT], "a.srt"));
    const button = await screen.findByRole("button", { name: "检查中…" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer({ subtitleMessage: "无法解析这个SRT字幕文件，请检查时间轴格式是否正确" });
    expect(await screen.findByRole("button", { name: "筛选" })).toBeTruthy();
  });

  it("says so when no font can show the file", () => {
    renderFilter("/font?fonts=none&subtitle=b.srt", () => ({ subtitleMessage: "x" }));
    expect(screen.getByTestId("subtitle-filter-active").textContent).toContain(
      "按字幕“b.srt”筛选：没有一款字体能显示其中的每一个字",
    );
  });

  it("stays folded under its summary until opened, and opens by itself to show a refused file's message", async () => {
    const user = userEvent.setup();
    renderFilter("/font", () => ({ subtitleMessage: "只支持 .srt、.vtt、.ass 和 .ssa 字幕文件" }));
    const details = screen.getByText("按字幕文件筛选").closest("details")!;
    expect(details.open).toBe(false);
    await user.click(screen.getByText("按字幕文件筛选"));
    expect(details.open).toBe(true);

    const router = createMemoryRouter(
      [
        {
          path: "/font",
          element: <SubtitleFilter query={parseFontListQuery({}).query} message="字幕文件不能超过 2 MB" />,
        },
      ],
      { initialEntries: ["/font"] },
    );
    const { container } = render(<RouterProvider router={router} />);
    expect(container.querySelector("details")!.open).toBe(true);
  });

  it("shows a refused file's message as an alert", () => {
    const router = createMemoryRouter(
      [
        {
          path: "/font",
          element: (
            <SubtitleFilter
              query={parseFontListQuery({}).query}
              message="无法解析这个SRT字幕文件，请检查时间轴格式是否正确"
            />
          ),
        },
      ],
      { initialEntries: ["/font"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("alert").textContent).toBe("无法解析这个SRT字幕文件，请检查时间轴格式是否正确");
  });
});
