import { useEffect, useRef, useState } from "react";
import type Cropper from "cropperjs";
import {
  CROPPER_MIN_CROP_SIZE,
  CROPPER_OUTPUT_QUALITY,
  CROPPER_OUTPUT_SIZE,
  CROPPER_OUTPUT_TYPE,
  fitWithin,
} from "~/services/account/profile-forms";

/** Loads `file` as an <img>, downscaled so its longer side is at most 2000 px. */
async function prepareImage(file: Blob): Promise<string> {
  const original = URL.createObjectURL(file);
  const image = new Image();
  image.decoding = "async";
  image.src = original;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(original);
    throw new Error("无法读取这张图片，请换一张 JPG 或 PNG 图片");
  }
  const target = fitWithin(image.naturalWidth, image.naturalHeight);
  if (target.scale === 1) return original;
  const canvas = document.createElement("canvas");
  canvas.width = target.width;
  canvas.height = target.height;
  const context = canvas.getContext("2d");
  if (!context) return original;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, target.width, target.height);
  URL.revokeObjectURL(original);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("无法读取这张图片，请换一张 JPG 或 PNG 图片");
  return URL.createObjectURL(blob);
}

export type AvatarCropperProps = {
  file: File;
  /** Called with the cropped JPEG (512×512 unless `output` says otherwise). */
  onConfirm: (jpeg: Blob) => void;
  onCancel: () => void;
  onError: (message: string) => void;
  /** The crop's shape and the size of the JPEG made from it; a square of 512 px by default (the avatar). */
  output?: { width: number; height: number };
  title?: string;
  hint?: string;
  imageAlt?: string;
};

/**
 * The avatar crop dialog (image upload with a cropper dialog; max image size 2000,
 * min crop size 10, JPEG output): a square crop box over the chosen picture.
 */
export function AvatarCropper({
  file,
  onConfirm,
  onCancel,
  onError,
  output = { width: CROPPER_OUTPUT_SIZE, height: CROPPER_OUTPUT_SIZE },
  title = "裁剪头像",
  hint = "拖动图片或裁剪框选择头像区域，滚轮可缩放。",
  imageAlt = "待裁剪的头像",
}: AvatarCropperProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  // Read (and downscale) the picture.
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    prepareImage(file).then(
      (prepared) => {
        url = prepared;
        if (cancelled) URL.revokeObjectURL(prepared);
        else setSrc(prepared);
      },
      (error: unknown) => {
        if (!cancelled) onError(error instanceof Error ? error.message : "无法读取这张图片");
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  // Start cropperjs once the image is in the DOM (loaded lazily: only this dialog needs it).
  useEffect(() => {
    if (!src || !imageRef.current) return;
    let cancelled = false;
    const image = imageRef.current;
    import("cropperjs").then(({ default: CropperClass }) => {
      if (cancelled) return;
      cropperRef.current = new CropperClass(image, {
        aspectRatio: output.width / output.height,
        viewMode: 1,
        dragMode: "move",
        autoCropArea: 0.9,
        background: false,
        responsive: true,
        checkOrientation: false,
        checkCrossOrigin: false,
        minCropBoxWidth: CROPPER_MIN_CROP_SIZE,
        minCropBoxHeight: CROPPER_MIN_CROP_SIZE,
        ready() {
          if (!cancelled) setReady(true);
        },
      });
    });
    return () => {
      cancelled = true;
      cropperRef.current?.destroy();
      cropperRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  // The confirm button is enabled by the render that `ready` causes, so it can take focus only after it.
  useEffect(() => {
    if (ready) confirmRef.current?.focus();
  }, [ready]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") onCancel();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);

  function confirm() {
    const cropper = cropperRef.current;
    if (!cropper) return;
    setBusy(true);
    const canvas = cropper.getCroppedCanvas({
      width: output.width,
      height: output.height,
      fillColor: "#fff",
      imageSmoothingEnabled: true,
      imageSmoothingQuality: "high",
    });
    canvas.toBlob(
      (blob) => {
        setBusy(false);
        if (blob) onConfirm(blob);
        else onError("裁剪失败，请重试");
      },
      CROPPER_OUTPUT_TYPE,
      CROPPER_OUTPUT_QUALITY,
    );
  }

  return (
    <div className="avatar-cropper-layer" data-dialog="avatar-cropper">
      <div className="dialog-backdrop" aria-hidden="true" onClick={onCancel} />
      <div className="dialog avatar-cropper" role="dialog" aria-modal="true" aria-labelledby="avatar-cropper-title">
        <h2 id="avatar-cropper-title" className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label="关闭" onClick={onCancel}>
          ×
        </button>
        <div className="avatar-cropper__stage">
          {src ? <img ref={imageRef} src={src} alt={imageAlt} className="avatar-cropper__image" /> : null}
          {!ready ? <p className="avatar-cropper__loading">正在读取图片…</p> : null}
        </div>
        <p className="avatar-cropper__hint muted">{hint}</p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            取消
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="btn btn--accent"
            onClick={confirm}
            disabled={!ready || busy}
          >
            {busy ? "处理中…" : "确定"}
          </button>
        </div>
      </div>
    </div>
  );
}
