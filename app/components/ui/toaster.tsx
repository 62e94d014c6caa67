import { useEffect, useState } from "react";
import { useLatest } from "~/utils/misc";
import { TOAST_DURATION_MS, toast as toastStore, type Toast } from "~/utils/toast";
import { cn } from "~/utils/misc";

const ICONS: Record<Toast["type"], string> = { success: "✓", error: "!", info: "i" };

function ToastItem({ item, onDone }: { item: Toast; onDone: (id: string) => void }) {
  const done = useLatest(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done.current(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, done]);
  return (
    <div className={cn("toast", `toast--${item.type}`)} role={item.type === "error" ? "alert" : "status"}>
      <span className="toast__icon" aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <span className="toast__message">{item.message}</span>
    </div>
  );
}

/**
 * Stacked toasts (3000 ms, 16 px gap, 20 px from the top). The server-flashed toast is
 * rendered in the HTML and hides itself with a CSS animation, so it works with JS off too.
 */
export function Toaster({ flash }: { flash: Toast | null | undefined }) {
  const [items, setItems] = useState<Toast[]>([]);
  const [flashGone, setFlashGone] = useState<string | null>(null);

  useEffect(() => toastStore.subscribe(setItems), []);

  const visibleFlash = flash && flash.id !== flashGone ? flash : null;
  const all = visibleFlash ? [visibleFlash, ...items.filter((item) => item.id !== visibleFlash.id)] : items;

  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {all.map((item) => (
        <ToastItem
          key={item.id}
          item={item}
          onDone={(id) => (visibleFlash && id === visibleFlash.id ? setFlashGone(id) : toastStore.dismiss(id))}
        />
      ))}
    </div>
  );
}
