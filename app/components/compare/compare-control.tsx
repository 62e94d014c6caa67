import { useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import type { FontActionTarget } from "~/components/catalogue/font-actions";
import { applyCompareIntent, isCompareIntent } from "~/services/compare/compare-list";
import { reloadCompareList, saveCompareList, useCompareList } from "~/components/compare/compare-store";
import { cn } from "~/utils/misc";
import { toast } from "~/utils/toast";
import { VisitorPart } from "~/utils/visitor-parts";

/** Where the control's form posts when JavaScript is off. */
export const COMPARE_ACTION = "/resources/compare";

/**
 * 加入对比 / 移出对比. Without JavaScript a form posting to the compare action, which keeps the
 * list in a cookie and comes back here with a toast; with JavaScript the same form changes the list
 * in local storage. The form says what the button showed when it was pressed, so a page left open
 * while the list changed elsewhere answers 请勿重复添加 or 字体不存在 rather than acting twice.
 */
export function CompareControl({ font, className }: { font: FontActionTarget; className?: string }) {
  const list = useCompareList();
  const location = useLocation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applyCompareForm(event.currentTarget);
  }

  const form = (inList: boolean) => {
    const label = inList ? "移出对比" : "加入对比";
    return (
      <form
        method="post"
        action={COMPARE_ACTION}
        className={cn("compare-control", className)}
        onSubmit={submit}
        data-compare-form={font.fontGNo}
      >
        <input type="hidden" name="intent" value={inList ? "remove" : "add"} />
        <input type="hidden" name="fontGNo" value={font.fontGNo} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className={cn("compare-control__button", inList && "compare-control__button--active")}
          aria-label={`${label}：${font.familyName}`}
          data-compare={font.fontGNo}
          data-in-compare={inList ? "true" : "false"}
        >
          <svg className="compare-control__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            {inList ? (
              <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            ) : (
              <path
                d="M4 6h7v12H4zM13 6h7v12h-7z"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                fill="none"
              />
            )}
          </svg>
          <span>{label}</span>
        </button>
      </form>
    );
  };

  return (
    <VisitorPart
      states={COMPARE_STATES}
      state={list.includes(font.fontGNo) ? "in" : "out"}
      pick={(root) => ((root.compareFontGNos ?? []).includes(font.fontGNo) ? "in" : "out")}
      render={(state) => form(state === "in")}
    />
  );
}

const COMPARE_STATES = ["out", "in"] as const;

/**
 * What a compare control's form asks, done in the browser: the list in local storage (and its cookie)
 * changed, and a toast saying so or why not.
 */
export function applyCompareForm(form: HTMLFormElement) {
  const fields = new FormData(form);
  const intent = fields.get("intent");
  const fontGNo = fields.get("fontGNo");
  if (!isCompareIntent(intent) || typeof fontGNo !== "string") return;
  const outcome = applyCompareIntent(reloadCompareList(), intent, fontGNo);
  if (outcome.ok) {
    saveCompareList(outcome.list);
    toast.success(outcome.message);
  } else {
    toast.error(outcome.message);
  }
}
