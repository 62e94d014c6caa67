import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { UserAvatar } from "~/components/user/user-avatar";
import { UserNav } from "~/components/user/user-nav";
import userStyles from "~/styles/user.css?url";
import { websiteConfig } from "~/config.server";
import { getUserInfo } from "~/services/account.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { formatMemberSince, type ProfileUser } from "~/services/account/profile-forms";
import { avatarBrowserUrl } from "~/utils/root-data";
import { throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: userStyles }];

const pageMeta: MetaFunction = () => [{ title: "个人中心 - 短视频字体" }, { name: "robots", content: "noindex" }];

export type UserLayoutData = { user: ProfileUser; avatarUrl: string | null };

/** The signed-in user; a 401 / S00106 sends the visitor home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const user = await getUserInfo({ request, context }).catch(throwApiError);
  return { user, avatarUrl: avatarBrowserUrl(user.avatar, websiteConfig.apiBase) } satisfies UserLayoutData;
}

/** The user centre: a profile summary and the section navigation beside each page. */
export default function UserLayout() {
  const { user, avatarUrl } = useLoaderData<typeof loader>();
  return (
    <div className="container user-centre">
      <aside className="user-centre__aside">
        <div className="user-summary">
          <UserAvatar src={avatarUrl} nickname={user.nickname} size={64} />
          <div className="user-summary__text">
            <p className="user-summary__name" data-testid="summary-nickname">
              {user.nickname}
            </p>
            <p className="user-summary__since">{formatMemberSince(user.createdAt)} 加入</p>
          </div>
        </div>
        <UserNav />
      </aside>
      <div className="user-centre__main">
        <Outlet />
      </div>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
