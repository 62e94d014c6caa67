import { toastTypeForError, errorMessage } from "./api-errors";

/** Toasts last 3000 ms, stack with a 16 px gap, 20 px from the top. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_GAP_PX = 16;
export const TOAST_TOP_PX = 20;

export const TOAST_TYPES = ["success", "error", "info"] as const;
export const TOAST_MESSAGE_MAX = 500;

export type Toast = { id: string; type: (typeof TOAST_TYPES)[number]; message: string };
/** What a server module flashes; `toast.server.ts` validates it and fills the defaults. */
export type ToastInput = { id?: string; type?: Toast["type"]; message: string };

type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener(toasts);
}

function push(type: Toast["type"], message: string): string {
  const id = `t${Date.now().toString(36)}${(counter++).toString(36)}`;
  toasts = [...toasts, { id, type, message }];
  emit();
  return id;
}

/** Browser-side toasts. `<Toaster>` renders them; each hides after 3000 ms. */
export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  /** A non-200 API code shows as a success-styled toast, an HTTP failure as an error. */
  fromError: (error: unknown) => push(toastTypeForError(error), errorMessage(error)),
  dismiss(id: string) {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    listener(toasts);
    return () => listeners.delete(listener);
  },
  /** For tests. */
  clear() {
    toasts = [];
    emit();
  },
};
