import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { loginData, type AccountContext } from "./context.js";
import { hashPassword } from "./passwords.js";
import { alreadyRegistered, refuseUnconfirmedPassword } from "./refusals.js";
import { findUserByAccount, insertUser, isUniqueViolation } from "./user-repository.js";
import { codeField, emailField, newPasswordField, nicknameField, parseForm, phoneField, type AccountKind } from "./validation.js";

const optionalNickname = nicknameField.optional().transform((value) => value || undefined);
const registerPhoneSchema = z.object({
  phone: phoneField,
  code: codeField,
  password: newPasswordField,
  confirmPassword: z.string().optional(),
  nickname: optionalNickname,
});
const registerEmailSchema = registerPhoneSchema.omit({ phone: true }).extend({ email: emailField });

type Registration = { code: string; password: string; confirmPassword?: string; nickname?: string };

/** Registration by phone or e-mail with a verification code; the answer signs the new user in. */
export function createRegistrationRoutes(ctx: AccountContext): Router {
  const router = express.Router();

  async function register(req: Request, res: Response, kind: AccountKind, value: string, body: Registration) {
    refuseUnconfirmedPassword(body.password, body.confirmPassword);
    if (await findUserByAccount(ctx.db, kind, value)) throw alreadyRegistered(kind);
    await ctx.codes.verify(value, ["register"], body.code, ctx.clock());
    let user;
    try {
      user = await insertUser(ctx.db, { [kind]: value, password_hash: await hashPassword(body.password), nickname: body.nickname }, ctx.clock());
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyRegistered(kind);
      throw error;
    }
    sendOk(res, await loginData(ctx, user, req));
  }

  router.post(
    "/web/api/account/register/phone",
    asyncHandler(async (req, res) => {
      const body = parseForm(registerPhoneSchema, req.body);
      await register(req, res, "phone", body.phone, body);
    }),
  );

  router.post(
    "/web/api/account/register/email",
    asyncHandler(async (req, res) => {
      const body = parseForm(registerEmailSchema, req.body);
      await register(req, res, "email", body.email, body);
    }),
  );

  return router;
}
