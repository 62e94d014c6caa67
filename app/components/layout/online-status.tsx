import { useOnlineStatus } from "~/utils/misc";

/** A small banner while the browser is offline. */
export function OnlineStatus() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      网络已断开，当前处于离线状态，部分内容可能无法加载
    </div>
  );
}
