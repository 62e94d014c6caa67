import { useEffect, useState } from "react";
import { registerServiceWorker } from "~/service-worker/register";

/**
 * Registers the service worker once the page is interactive and, when a new deployment's worker
 * is waiting, offers 有新版本，点击刷新: the page switches to the new build only when asked.
 */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    registerServiceWorker({ onUpdateWaiting: (next) => setActivate(() => next) }).catch(() => {
      // Unsupported browser or failed registration: the site works the same without the worker.
    });
  }, []);

  if (!activate) return null;
  return (
    <div className="update-prompt" role="status">
      <button
        type="button"
        className="update-prompt__button"
        disabled={refreshing}
        onClick={() => {
          setRefreshing(true);
          activate();
        }}
      >
        {refreshing ? "正在刷新…" : "有新版本，点击刷新"}
      </button>
    </div>
  );
}
