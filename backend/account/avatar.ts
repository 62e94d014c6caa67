import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { BlobStore } from "../blob/blob-store.js";
import { refused } from "./errors.js";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** Larger inputs are scaled down to fit this box first (the cropper's maxImageSize). */
export const AVATAR_MAX_INPUT_DIMENSION = 2000;
/** The cropper's minCropSize. */
export const AVATAR_MIN_CROP = 10;
/** Refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
export const AVATAR_FILE_NAME = /^[a-f0-9]{32}\.jpg$/;

export type Crop = { x: number; y: number; w: number; h: number };

/** `x,y,w,h` in the original image's pixels; empty = none. */
export function parseCrop(value: string | undefined): Crop | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parts = value.split(",").map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part) || part < 0 || part > 1_000_000)) {
    throw refused("裁剪参数格式不正确，应为 x,y,w,h");
  }
  const [x, y, w, h] = parts.map((part) => Math.round(part));
  return { x, y, w, h };
}

/**
 * Checks an upload by its content (JPEG, PNG, WebP or GIF, decoded by sharp), applies the crop
 * (or a centred square when none was given), and re-encodes it as a 256×256 JPEG without metadata.
 */
export async function processAvatar(input: Buffer, crop: Crop | undefined): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw refused("头像图片不能超过 5 MB");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw refused("头像文件不是有效的图片，仅支持 JPG、PNG、WebP、GIF");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw refused("头像文件不是有效的图片，仅支持 JPG、PNG、WebP、GIF");
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw refused("头像图片尺寸过大");
  // EXIF orientations 5–8 swap width and height.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  try {
    // Decode once (first frame of an animation), upright, within the input box.
    const scale = Math.min(1, AVATAR_MAX_INPUT_DIMENSION / Math.max(width, height));
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
    let w = width;
    let h = height;
    if (scale < 1) {
      w = Math.max(1, Math.round(width * scale));
      h = Math.max(1, Math.round(height * scale));
      const resized = await image.resize(w, h, { fit: "fill" }).png().toBuffer({ resolveWithObject: true });
      image = sharp(resized.data);
      w = resized.info.width;
      h = resized.info.height;
    }
    let region: Crop;
    if (crop) {
      const scaled = {
        x: Math.round(crop.x * scale),
        y: Math.round(crop.y * scale),
        w: Math.round(crop.w * scale),
        h: Math.round(crop.h * scale),
      };
      if (crop.w < AVATAR_MIN_CROP || crop.h < AVATAR_MIN_CROP)
        throw refused(`裁剪区域不能小于 ${AVATAR_MIN_CROP}×${AVATAR_MIN_CROP} 像素`);
      if (crop.x + crop.w > width + 1 || crop.y + crop.h > height + 1) throw refused("裁剪区域超出了图片范围");
      region = {
        x: Math.min(scaled.x, w - 1),
        y: Math.min(scaled.y, h - 1),
        w: Math.max(1, Math.min(scaled.w, w - Math.min(scaled.x, w - 1))),
        h: Math.max(1, Math.min(scaled.h, h - Math.min(scaled.y, h - 1))),
      };
    } else {
      const side = Math.min(w, h);
      region = { x: Math.floor((w - side) / 2), y: Math.floor((h - side) / 2), w: side, h: side };
    }
    return await image
      .extract({ left: region.x, top: region.y, width: region.w, height: region.h })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if ((error as { status?: number }).status === 400) throw error;
    throw refused("头像图片无法解析，请换一张图片");
  }
}

/** Where an avatar lives in the blob store. */
export function avatarKey(name: string): string {
  return `avatars/${name}`;
}

/** Writes the avatar under a fresh random name and returns the name. */
export async function storeAvatar(blobs: BlobStore, jpeg: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  await blobs.put(avatarKey(name), jpeg, "image/jpeg");
  return name;
}

/** The avatar's bytes, or null when there is no such avatar. */
export async function readAvatar(blobs: BlobStore, name: string): Promise<Buffer | null> {
  if (!AVATAR_FILE_NAME.test(name)) return null;
  return blobs.get(avatarKey(name));
}

export async function deleteAvatar(blobs: BlobStore, name: string | null): Promise<void> {
  if (!name || !AVATAR_FILE_NAME.test(name)) return;
  await blobs.delete(avatarKey(name));
}

/** Files younger than this may belong to an upload whose database write has not happened yet. */
const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** Files listed, and compared with the users' avatars in one query, at a time. */
const CLEANUP_PAGE = 500;
/** What an interrupted write to the local disk leaves behind. */
const INTERRUPTED_WRITE = /^\.[a-f0-9]{32}\.jpg(\.[a-f0-9]+)?\.tmp$/;

/**
 * Deletes avatars no user refers to (left by a crash between writing a file and saving the user, or
 * by an older version), and temporary files of interrupted writes. Files younger than an hour are
 * kept: another process sharing the store may be about to save them. The store is read a page at a
 * time, each page checked against the users in one query.
 */
export async function removeUnreferencedAvatars(
  blobs: BlobStore,
  inUse: (names: string[]) => Promise<Set<string>>,
  now: Date,
): Promise<number> {
  let removed = 0;
  let after: string | undefined;
  do {
    const page = await blobs.list("avatars", { after, limit: CLEANUP_PAGE });
    after = page.next;
    const batch = page.objects.map((object) => ({
      ...object,
      name: object.key.slice(object.key.lastIndexOf("/") + 1),
    }));
    const used = await inUse(batch.map((object) => object.name).filter((name) => AVATAR_FILE_NAME.test(name)));
    for (const object of batch) {
      const temporary = INTERRUPTED_WRITE.test(object.name);
      if (!temporary && (!AVATAR_FILE_NAME.test(object.name) || used.has(object.name))) continue;
      if (now.getTime() - object.modifiedAt.getTime() < ORPHAN_MIN_AGE_MS) continue;
      await blobs.delete(object.key);
      removed++;
    }
  } while (after !== undefined);
  return removed;
}
