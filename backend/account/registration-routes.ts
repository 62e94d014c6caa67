import express, { type Request, type Router } from "express";
import { registerByEmail, registerByPhone, type LoginData } from "../../contract/account.js";
import { route } from "../http/route.js";
import { refuseCommonPassword } from "./common-passwords.js";
import { loginData, type AccountContext } from "./context.js";
import { hashPassword } from "./passwords.js";
import { alreadyRegistered } from "./refusals.js";
import { insertUser, isUniqueViolation } from "./user-repository.js";
import type { AccountKind } from "./validation.js";

type Registration = { code: string; password: string; nickname?: string };

/**
 * Registration by phone or e-mail with a verification code; the answer signs the new user in.
 * Whether the account exists is only said to someone who holds a right code for it: for a taken
 * account the code was never sent (its owner got a notice instead), so a guess fails like any other.
 */
export function createRegistrationRoutes(ctx: AccountContext): Router {
  const router = express.Router();

  async function register(req: Request, kind: AccountKind, value: string, body: Registration): Promise<LoginData> {
    refuseCommonPassword(body.password);
    await ctx.codes.verify(value, ["register"], body.code, ctx.clock());
    const passwordHash = await hashPassword(body.password);
    let user;
    try {
      user = await insertUser(
        ctx.db,
        { [kind]: value, password_hash: passwordHash, nickname: body.nickname },
        ctx.clock(),
      );
    } catch (error) {
      // Registered since the code was sent: the one asking has just shown they hold the account.
      if (isUniqueViolation(error)) throw alreadyRegistered(kind);
      throw error;
    }
    await ctx.events.registered(user.id, ctx.clock());
    return loginData(ctx, user, req);
  }

  route(router, registerByPhone, ({ body }, { req }) => register(req, "phone", body.phone, body));
  route(router, registerByEmail, ({ body }, { req }) => register(req, "email", body.email, body));

  return router;
}
