import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
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

export function avatarDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads", "avatars");
}

/** Writes the avatar under a fresh random name and returns the name. */
export async function storeAvatar(dataDir: string, jpeg: Buffer): Promise<string> {
  const directory = avatarDirectory(dataDir);
  await fs.mkdir(directory, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  const temporary = path.join(directory, `.${name}.tmp`);
  await fs.writeFile(temporary, jpeg, { mode: 0o644 });
  await fs.rename(temporary, path.join(directory, name));
  return name;
}

export async function deleteAvatar(dataDir: string, name: string | null): Promise<void> {
  if (!name || !AVATAR_FILE_NAME.test(name)) return;
  await fs.rm(path.join(avatarDirectory(dataDir), name), { force: true });
}

/** Files younger than this may belong to an upload whose database write has not happened yet. */
const ORPHAN_MIN_AGE_MS = 60 * 60_000;

/**
 * Deletes avatar files no user refers to (left by a crash between writing a file and saving the
 * user, or by an older version), and temporary files of interrupted writes. Files younger than an
 * hour are kept: another process sharing the directory may be about to save them.
 */
export async function removeUnreferencedAvatars(
  dataDir: string,
  inUse: (names: string[]) => Promise<Set<string>>,
  now: Date,
): Promise<number> {
  const directory = avatarDirectory(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (let start = 0; start < names.length; start += 500) {
    const batch = names.slice(start, start + 500);
    const avatars = batch.filter((name) => AVATAR_FILE_NAME.test(name));
    const used = await inUse(avatars);
    for (const name of batch) {
      const temporary = /^\.[a-f0-9]{32}\.jpg\.tmp$/.test(name);
      if (!temporary && (!AVATAR_FILE_NAME.test(name) || used.has(name))) continue;
      const file = path.join(directory, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || now.getTime() - stat.mtimeMs < ORPHAN_MIN_AGE_MS) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
