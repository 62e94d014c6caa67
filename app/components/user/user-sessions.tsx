import { Form, useNavigation } from "@remix-run/react";
import type { SessionView } from "@contract/account";
import { FormError, type ProfileActionResult } from "./user-form-bits";

/** 2026-11-21T08:05:00Z → 2026-11-21 16:05 (China time, the same on server and browser). */
export function formatSeenAt(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  return new Date(time + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

/** Every signed-in device (设备, 地点, 最近活动), each with a 退出该设备 button posting intent=end-session. */
export function UserSessions({
  sessions,
  result,
}: {
  sessions: SessionView[] | null;
  result: ProfileActionResult | undefined;
}) {
  const navigation = useNavigation();
  const ending = (id: number) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "end-session" &&
    navigation.formData?.get("id") === String(id);
  const error = result?.intent === "end-session" ? result.formError : undefined;
  if (!sessions) return <p className="notice notice--error">登录设备列表暂时无法加载，请稍后刷新。</p>;
  return (
    <div className="data-table-scroll">
      <FormError message={error} />
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">设备</th>
            <th scope="col">地点</th>
            <th scope="col">最近活动</th>
            <th scope="col">
              <span className="visually-hidden">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} data-testid="session-row" data-current={session.current ? "true" : undefined}>
              <td>
                {session.device}
                {session.current ? <span className="user-sessions__current">当前设备</span> : null}
              </td>
              <td>
                {session.place}
                {session.ip ? <span className="muted user-sessions__ip">{session.ip}</span> : null}
              </td>
              <td>
                <time dateTime={session.lastSeenAt}>{formatSeenAt(session.lastSeenAt)}</time>
              </td>
              <td>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <button type="submit" className="btn btn--ghost btn--sm" disabled={ending(session.id)}>
                    {ending(session.id) ? "退出中…" : "退出该设备"}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
