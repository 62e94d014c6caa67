import { z } from "zod";
import { toastTypeForError, errorMessage } from "./api-errors";

/** Toasts last 3000 ms, stack with a 16 px gap, 20 px from the top. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_GAP_PX = 16;
export const TOAST_TOP_PX = 20;

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2, 10)),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string().min(1).max(500),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

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
