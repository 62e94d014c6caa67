import express, { type RequestHandler, type Router } from "express";
import { createUpdateAccountInfoBodySchema, getAvatar, updateAccountInfo } from "../../contract/account.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import { AVATAR_MAX_BYTES, deleteAvatar, parseCrop, processAvatar, readAvatar, storeAvatar } from "./avatar.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused, writeConflict } from "./errors.js";
import { readMultipart } from "./multipart.js";
import { requireUser } from "./sessions.js";
import { updateUser, type UserChanges } from "./user-repository.js";
import { toUserView } from "./users.js";

const AVATAR_FILE_KEY = "avatarFile";

/**
 * Reads a multipart profile form into `req.body` (its text fields) and the avatar file into
 * `res.locals`, so the body is validated like a JSON one.
 */
const readProfileForm: RequestHandler = (req, res, next) => {
  if (Number(req.get("content-length") ?? 0) > AVATAR_MAX_BYTES + 256 * 1024) {
    next(refused("头像图片不能超过 5 MB"));
    return;
  }
  if (!req.is("multipart/form-data")) {
    next();
    return;
  }
  readMultipart(req).then(({ fields, file }) => {
    req.body = fields;
    res.locals[AVATAR_FILE_KEY] = file;
    next();
  }, next);
};

/** The profile (nickname, gender, birthday, bio, city, avatar) and the avatar images. */
export function createProfileRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  route(
    router,
    updateAccountInfo,
    async ({ body }, { res }) => {
      const user = await signedInUser(ctx, res);
      const file = res.locals[AVATAR_FILE_KEY] as Buffer | undefined;
      const crop = parseCrop(body.crop);
      const changes: UserChanges = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.birthday !== undefined) changes.birthday = body.birthday === "" ? null : body.birthday;
      const bio = body.bio ?? body.signature;
      if (bio !== undefined) changes.bio = bio;
      if (body.city !== undefined) changes.city = body.city;
      if (file) changes.avatar = await storeAvatar(ctx.blobs, await processAvatar(file, crop));
      const updated = await updateUser(ctx.db, user, changes, ctx.clock());
      if (!updated) {
        // Another change to the account got there first: this one's new picture is of no use.
        await deleteAvatar(ctx.blobs, changes.avatar ?? null);
        throw writeConflict();
      }
      // The version check makes `user.avatar` exactly the picture this change replaced.
      if (changes.avatar && user.avatar && user.avatar !== changes.avatar) {
        await deleteAvatar(ctx.blobs, user.avatar).catch((error) => console.warn("旧头像删除失败", error));
      }
      return toUserView(updated);
    },
    // The contract's schema with this server's clock ("today" for the birthday).
    { before: [auth, readProfileForm], schemas: { body: createUpdateAccountInfoBodySchema(ctx.clock) } },
  );

  route(
    router,
    getAvatar,
    async ({ params }, { res }) => {
      const data = await readAvatar(ctx.blobs, params.file);
      if (!data) throw notFound("头像不存在");
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
    },
    { nameParameters: false },
  );

  return router;
}
