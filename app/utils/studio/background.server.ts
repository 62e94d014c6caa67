import sharp from "sharp";

/** A background picture's bytes: what the avatar form takes, a little more for a photo at full size. */
export const BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded pixels of a background picture: a 48-megapixel phone photo, no more. */
const MAX_INPUT_PIXELS = 50_000_000;

export const BACKGROUND_NOT_IMAGE_MESSAGE = "背景图片无法读取，请选择 JPG、PNG 或 WebP 格式的图片";
export const BACKGROUND_TOO_LARGE_MESSAGE = `背景图片不能超过 ${BACKGROUND_MAX_BYTES / 1024 / 1024} MB`;

export class BackgroundPictureError extends Error {}

/**
 * The transparent text image `overlay` over the creator's picture, the picture cropped to the frame
 * from its centre (the studio's cropper has already cut it to the frame's shape when JavaScript ran):
 * a PNG of exactly width × height. Throws BackgroundPictureError for bytes that are not a picture.
 */
export async function overBackground(
  picture: Uint8Array,
  overlay: Uint8Array,
  frame: { width: number; height: number },
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const background = sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(frame.width, frame.height, { fit: "cover", position: "centre" })
      .flatten({ background: "#000000" });
    const png = await background
      .composite([{ input: Buffer.from(overlay), left: 0, top: 0 }])
      .png()
      .toBuffer();
    return new Uint8Array(png);
  } catch (error) {
    if (
      error instanceof Error &&
      /unsupported image format|Input buffer|pixel limit|corrupt|VipsJpeg|bad seek|premature/i.test(error.message)
    ) {
      throw new BackgroundPictureError(BACKGROUND_NOT_IMAGE_MESSAGE);
    }
    throw error;
  }
}
