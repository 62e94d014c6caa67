import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAuthGuard } from "~/utils/auth.server";

/** /user: the user centre opens on the profile (the only section built so far). */
export async function loader({ request }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const url = new URL(request.url);
  return redirect(`/user/profile${url.search}`);
}
