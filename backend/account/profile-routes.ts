import fs from "node:fs/promises";
import path from "node:path";
import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { notFound, sendOk } from "../http/envelope.js";
import { AVATAR_FILE_NAME, AVATAR_MAX_BYTES, avatarDirectory, deleteAvatar, parseCrop, processAvatar, storeAvatar } from "./avatar.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused } from "./errors.js";
import { readMultipart, type MultipartForm } from "./multipart.js";
import { requireUser } from "./sessions.js";
import { updateUser, type UserChanges } from "./user-repository.js";
import { toUserView } from "./users.js";
import { nicknameField, parseInput } from "./validation.js";

const optionalProfileText = (name: string, max: number) =>
  z
    .string({ invalid_type_error: `${name}格式不正确` })
    .trim()
    .max(max, `${name}不能超过 ${max} 个字符`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), `${name}不能包含控制字符`)
    .optional();

const profileSchema = z.object({
  nickname: nicknameField.refine((value) => value !== "", "昵称不能为空").optional(),
  gender: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      const map: Record<string, number> = { "0": 0, "1": 1, "2": 2, unknown: 0, male: 1, female: 2 };
      const parsed = map[String(value).trim().toLowerCase()];
      if (parsed === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "性别只能是 0（保密）、1（男）或 2（女）" });
        return z.NEVER;
      }
      return parsed;
    }),
  birthday: z
    .string({ invalid_type_error: "生日格式不正确" })
    .trim()
    .optional()
    .refine((value) => value === undefined || value === "" || isPastDate(value), "生日格式不正确，应为 YYYY-MM-DD 且不晚于今天"),
  bio: optionalProfileText("个性签名", 200),
  signature: optionalProfileText("个性签名", 200),
  city: optionalProfileText("城市", 50),
  crop: z.string({ invalid_type_error: "裁剪参数格式不正确，应为 x,y,w,h" }).max(100).optional(),
});

function isPastDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return Number(match[1]) >= 1900 && date.getTime() <= Date.now();
}

function avatarNotFound() {
  return notFound("头像不存在");
}

/** The profile (nickname, gender, birthday, bio, city, avatar) and the avatar images. */
export function createProfileRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  router.post(
    "/web/api/account/update-account-info",
    auth,
    asyncHandler(async (req, res) => {
      if (Number(req.get("content-length") ?? 0) > AVATAR_MAX_BYTES + 256 * 1024) throw refused("头像图片不能超过 5 MB");
      const user = await signedInUser(ctx, res);
      const { fields, file }: MultipartForm = req.is("multipart/form-data")
        ? await readMultipart(req)
        : { fields: req.body && typeof req.body === "object" ? (req.body as Record<string, string>) : {} };
      const body = parseInput(profileSchema, fields);
      const crop = parseCrop(body.crop);
      const changes: UserChanges = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.birthday !== undefined) changes.birthday = body.birthday === "" ? null : body.birthday;
      const bio = body.bio ?? body.signature;
      if (bio !== undefined) changes.bio = bio;
      if (body.city !== undefined) changes.city = body.city;
      if (file) {
        const jpeg = await processAvatar(file, crop);
        changes.avatar = await storeAvatar(ctx.config.dataDir, jpeg);
      }
      const updated = await updateUser(ctx.db, user.id, changes, ctx.clock());
      if (changes.avatar && user.avatar && user.avatar !== changes.avatar) {
        await deleteAvatar(ctx.config.dataDir, user.avatar).catch(() => undefined);
      }
      sendOk(res, toUserView(updated));
    }),
  );

  router.get(
    "/web/api/account/avatar/:file",
    asyncHandler(async (req, res) => {
      const name = String(req.params.file);
      if (!AVATAR_FILE_NAME.test(name)) throw avatarNotFound();
      const file = path.join(avatarDirectory(ctx.config.dataDir), name);
      let data: Buffer;
      try {
        data = await fs.readFile(file);
      } catch {
        throw avatarNotFound();
      }
      res.set({
        "Content-Type": "image/jpeg",
        "Content-Length": String(data.length),
        // Every upload gets a new random name, so a name's content never changes.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
        "Cross-Origin-Resource-Policy": "cross-origin",
      });
      res.status(200).end(data);
    }),
  );

  return router;
}
