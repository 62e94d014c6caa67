import { useSyncExternalStore } from "react";
import type { AuthView } from "./auth-view";

/**
 * Whether the account modal is open and on which view. Apart from the dialog so that the header's
 * 登录 / 注册 can open it without every page loading the account forms up front.
 */
export type ModalState = { open: boolean; view: AuthView; redirectTo: string; wechatAvailable: boolean };

let modal: ModalState = { open: false, view: "wechat", redirectTo: "/", wechatAvailable: true };
const listeners = new Set<() => void>();

function set(next: Partial<ModalState>) {
  modal = { ...modal, ...next };
  listeners.forEach((listener) => listener());
}

/** The account modal (visible flag, type; default the WeChat-style login). */
export const accountModal = {
  open(view: AuthView = "wechat", redirectTo = "/") {
    set({ open: true, view: view === "wechat" && !modal.wechatAvailable ? "password" : view, redirectTo });
  },
  close() {
    set({ open: false });
  },
  switch(view: AuthView) {
    set({ view });
  },
  /** The WeChat login is not configured: later openings start on the password login. */
  wechatUnavailable() {
    set({ wechatAvailable: false });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => modal,
};

const SERVER_STATE: ModalState = { open: false, view: "wechat", redirectTo: "/", wechatAvailable: true };

export function useAccountModal(): ModalState {
  return useSyncExternalStore(accountModal.subscribe, accountModal.get, () => SERVER_STATE);
}
