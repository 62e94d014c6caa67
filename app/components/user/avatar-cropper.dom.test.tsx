// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AvatarCropper } from "./avatar-cropper";

/*
 * jsdom has no image decoding and no canvas. The browser features the cropper relies on are stood
 * in for here, as small as possible: object URLs, Image#decode and the natural size of the chosen
 * picture, a 2D context that draws nothing, and toBlob, which records what was asked of it.
 */
type BlobRequest = { type: string; quality: number | undefined; width: number; height: number };
let blobRequests: BlobRequest[] = [];
let objectUrls: Array<{ url: string; blob: Blob }> = [];
let revoked: string[] = [];
let picture = { width: 800, height: 600, decodable: true };
let toBlobFails = false;

const saved = {
  createObjectURL: URL.createObjectURL,
  revokeObjectURL: URL.revokeObjectURL,
  decode: Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "decode"),
  naturalWidth: Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "naturalWidth"),
  naturalHeight: Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "naturalHeight"),
  getContext: HTMLCanvasElement.prototype.getContext,
  toBlob: HTMLCanvasElement.prototype.toBlob,
};

beforeEach(() => {
  blobRequests = [];
  objectUrls = [];
  revoked = [];
  picture = { width: 800, height: 600, decodable: true };
  toBlobFails = false;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:avatar-${objectUrls.length + 1}`;
    objectUrls.push({ url, blob });
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  Object.defineProperty(HTMLImageElement.prototype, "decode", {
    configurable: true,
    value: () =>
      picture.decodable ? Promise.resolve() : Promise.reject(new DOMException("bad image", "EncodingError")),
  });
  Object.defineProperty(HTMLImageElement.prototype, "naturalWidth", { configurable: true, get: () => picture.width });
  Object.defineProperty(HTMLImageElement.prototype, "naturalHeight", { configurable: true, get: () => picture.height });
  const drawsNothing = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = (() =>
    drawsNothing) as unknown as typeof HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.toBlob = function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type = "image/png",
    quality?: number,
  ) {
    blobRequests.push({ type, quality, width: this.width, height: this.height });
    const blob = toBlobFails ? null : new Blob(["pixels"], { type });
    setTimeout(() => callback(blob), 0);
  };
});

afterEach(() => {
  URL.createObjectURL = saved.createObjectURL;
  URL.revokeObjectURL = saved.revokeObjectURL;
  for (const key of ["decode", "naturalWidth", "naturalHeight"] as const) {
    const descriptor = saved[key];
    if (descriptor) Object.defineProperty(HTMLImageElement.prototype, key, descriptor);
    else delete (HTMLImageElement.prototype as unknown as Record<string, unknown>)[key];
  }
  HTMLCanvasElement.prototype.getContext = saved.getContext;
  HTMLCanvasElement.prototype.toBlob = saved.toBlob;
});

function renderCropper() {
  const handlers = { onConfirm: vi.fn(), onCancel: vi.fn(), onError: vi.fn() };
  const file = new File(["not really a photo"], "me.png", { type: "image/png" });
  const view = render(<AvatarCropper file={file} {...handlers} />);
  return { ...handlers, file, ...view, user: userEvent.setup() };
}

const shownImage = () => screen.getAllByRole<HTMLImageElement>("img", { name: "待裁剪的头像" })[0];
const confirmButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "确定" });

/** cropperjs starts once its copy of the picture has loaded; jsdom never loads images, so say it has. */
async function pictureLoaded() {
  const copy = await vi.waitFor(() => {
    const image = document.querySelector<HTMLImageElement>("img.cropper-hide");
    if (!image) throw new Error("cropperjs has not started yet");
    return image;
  });
  fireEvent.load(copy);
  await vi.waitFor(() => expect(confirmButton().disabled).toBe(false));
}

describe("AvatarCropper", () => {
  it("opens a dialog showing the chosen picture, confirm disabled until it is ready", async () => {
    const { file } = renderCropper();
    expect(screen.getByRole("dialog", { name: "裁剪头像" }).getAttribute("aria-modal")).toBe("true");
    expect(screen.getByText("正在读取图片…")).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    await vi.waitFor(() => expect(shownImage().getAttribute("src")).toBe("blob:avatar-1"));
    expect(objectUrls[0].blob).toBe(file);

    await pictureLoaded();
    expect(screen.queryByText("正在读取图片…")).toBeNull();
    expect(document.activeElement).toBe(confirmButton());
  });

  it("starts cropperjs with a square crop box no smaller than 10 px", async () => {
    renderCropper();
    await pictureLoaded();
    const options = (shownImage() as HTMLImageElement & { cropper: { options: Record<string, unknown> } }).cropper
      .options;
    expect(options.aspectRatio).toBe(1);
    expect(options.minCropBoxWidth).toBe(10);
    expect(options.minCropBoxHeight).toBe(10);
  });

  it("shrinks a picture larger than 2000 px before cropping", async () => {
    picture = { width: 4000, height: 3000, decodable: true };
    renderCropper();
    await vi.waitFor(() => expect(shownImage().getAttribute("src")).toBe("blob:avatar-2"));
    expect(blobRequests).toEqual([{ type: "image/png", quality: undefined, width: 2000, height: 1500 }]);
    expect(revoked).toContain("blob:avatar-1");
  });

  it("leaves a picture of 2000 px or less as it is", async () => {
    picture = { width: 2000, height: 1200, decodable: true };
    renderCropper();
    await vi.waitFor(() => expect(shownImage().getAttribute("src")).toBe("blob:avatar-1"));
    expect(blobRequests).toEqual([]);
  });

  it("confirm gives a 512×512 JPEG", async () => {
    const { user, onConfirm, onCancel, onError } = renderCropper();
    await pictureLoaded();
    await user.click(confirmButton());
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));

    const jpeg = onConfirm.mock.calls[0][0] as Blob;
    expect(jpeg.type).toBe("image/jpeg");
    expect(blobRequests.at(-1)).toEqual({ type: "image/jpeg", quality: 0.9, width: 512, height: 512 });
    expect(onCancel).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("says so when the crop cannot be encoded", async () => {
    toBlobFails = true;
    const { user, onConfirm, onError } = renderCropper();
    await pictureLoaded();
    await user.click(confirmButton());
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith("裁剪失败，请重试"));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("a picture the browser cannot read is reported in Chinese, with no dialog output", async () => {
    picture = { width: 0, height: 0, decodable: false };
    const { onError, onConfirm } = renderCropper();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith("无法读取这张图片，请换一张 JPG 或 PNG 图片"));
    expect(revoked).toEqual(["blob:avatar-1"]);
    expect(confirmButton().disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it.each([
    ["取消", (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "取消" }))],
    ["关闭", (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "关闭" }))],
    ["Escape", (user: ReturnType<typeof userEvent.setup>) => user.keyboard("{Escape}")],
    [
      "the backdrop",
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(document.querySelector(".avatar-cropper-layer .dialog-backdrop")!),
    ],
  ])("%s cancels without producing an image", async (_how, cancel) => {
    const { user, onCancel, onConfirm } = renderCropper();
    await pictureLoaded();
    await cancel(user);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(blobRequests.filter((request) => request.type === "image/jpeg")).toEqual([]);
  });

  it("lets go of the picture's object URL when closed", async () => {
    picture = { width: 4000, height: 3000, decodable: true };
    const { unmount } = renderCropper();
    await vi.waitFor(() => expect(shownImage().getAttribute("src")).toBe("blob:avatar-2"));
    unmount();
    expect(revoked).toContain("blob:avatar-2");
  });
});
