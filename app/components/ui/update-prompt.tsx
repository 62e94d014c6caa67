import { useEffect, useState } from "react";
import { registerServiceWorker } from "~/service-worker/register";
import { reloadPage } from "~/utils/chunk-reload";
import { afterLoadWhenIdle } from "~/utils/idle";

/**
 * Registers the service worker once the page has loaded and the browser is idle (its registration
 * and precaching never compete with the page's own first load) and, when a new deployment's worker
 * has taken over, offers 有新版本，点击刷新: the page reloads into the new build only when asked.
 */
export function UpdatePrompt() {
  const [updated, setUpdated] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(
    () =>
      afterLoadWhenIdle(() => {
        registerServiceWorker({ onUpdateActivated: () => setUpdated(true) }).catch(() => {
          // Unsupported browser or failed registration: the site works the same without the worker.
        });
      }),
    [],
  );

  if (!updated) return null;
  return (
    <div className="update-prompt" role="status">
      <button
        type="button"
        className="update-prompt__button"
        disabled={refreshing}
        onClick={() => {
          setRefreshing(true);
          reloadPage();
        }}
      >
        {refreshing ? "正在刷新…" : "有新版本，点击刷新"}
      </button>
    </div>
  );
}
