import { lazy, Suspense, useState } from "react";
import { useAccountModal } from "./account-modal-state";

const AccountModal = lazy(() => import("./account-modal").then((module) => ({ default: module.AccountModal })));

/**
 * The account modal, fetched the first time it opens: its forms (captcha, password hashing) are
 * not part of any page's first load. Once loaded it stays mounted, closed or open.
 */
export function LazyAccountModal() {
  const { open } = useAccountModal();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AccountModal />
    </Suspense>
  );
}
