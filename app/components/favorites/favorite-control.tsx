import { Link, useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { accountModal } from "~/components/account/account-modal-state";
import type { FontActionTarget } from "~/components/catalogue/font-actions";
import type { FavoriteActionData } from "~/routes/resources+/favorite";
import { cn } from "~/utils/misc";
import { useRootData, type RootData } from "~/utils/root-data";
import { toast } from "~/utils/toast";
import { VisitorPart } from "~/utils/visitor-parts";
import { articleStateKey, FAVORITE_ACTION, readFavoriteIntent } from "./favorite-form";

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="favorite-control__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 2.9 1.5-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Posts a favorite form's intent through a fetcher (`enhanced=1`) and shows its outcome: a toast, or
 * the account modal for a visitor who must log in first. Shown as soon as the answer is in, before
 * the reload of the page's data that may unmount the form (a font removed from the folder page).
 */
export function useFavoriteSubmit(): (form: HTMLFormElement) => void {
  const fetcher = useFetcher<FavoriteActionData>();
  const shown = useRef<FavoriteActionData | undefined>(undefined);

  useEffect(() => {
    if (!fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.login) accountModal.open(undefined, fetcher.data.login);
    else if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.data]);

  return (form) => {
    const data = new FormData(form);
    data.set("enhanced", "1");
    fetcher.submit(data, { method: "post", action: FAVORITE_ACTION });
  };
}

/**
 * A form posting one favorite intent. Without JavaScript the action comes back to this page with
 * a toast; with JavaScript it is posted by `useFavoriteSubmit`, the toast shows here and the root
 * loader's favorites reload. A visitor logs in on the login page without JavaScript, in the
 * account modal with it; either login comes back through the intent's replay to this page.
 */
export function FavoriteForm({
  fields,
  className,
  children,
}: {
  fields: Record<string, string | number | undefined>;
  className?: string;
  children: ReactNode;
}) {
  const submitFavorite = useFavoriteSubmit();
  const location = useLocation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitFavorite(event.currentTarget);
  }

  return (
    <form method="post" action={FAVORITE_ACTION} className={className} onSubmit={submit}>
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {children}
    </form>
  );
}

/**
 * What the favorite posts still in flight on this page will make true: `folderId:fontGNo`,
 * `*:fontGNo` (in any folder) and `kind:id` (an article) mapped to whether it will be a
 * favorite. Read from every fetcher, so two controls for the same font agree.
 */
export function useOptimisticFavorites(): Map<string, boolean> {
  const fetchers = useFetchers();
  const states = new Map<string, boolean>();
  for (const fetcher of fetchers) {
    if (!fetcher.formData || fetcher.formAction?.split("?")[0] !== FAVORITE_ACTION) continue;
    const intent = readFavoriteIntent(fetcher.formData);
    if (!intent) continue;
    if (!("fontGNo" in intent)) {
      states.set(articleStateKey(intent.kind, intent.articleId), intent.intent === "add-article");
      continue;
    }
    const adding = intent.intent === "add-font";
    if (intent.folderId !== undefined) states.set(`${intent.folderId}:${intent.fontGNo}`, adding);
    if (adding || intent.folderId === undefined) states.set(`*:${intent.fontGNo}`, adding);
  }
  return states;
}

/**
 * The heart on every font card, row and detail page. Its state comes from the root loader's
 * favorites (also on a server render). With one folder (or none yet) it adds to or removes
 * from the default folder; with several it opens a menu listing each one with its own
 * 加入 / 移出 button (a `<details>`, which needs no JavaScript).
 */
export function FavoriteControl({ font }: { font: FontActionTarget }) {
  const root = useRootData();
  const folders = root?.favoriteFolders ?? [];
  const loggedIn = Boolean(root?.loggedIn);
  const optimistic = useOptimisticFavorites();
  const inFolder = (id: number, fontGNos: string[]) =>
    optimistic.get(`${id}:${font.fontGNo}`) ?? fontGNos.includes(font.fontGNo);
  const favorited =
    optimistic.get(`*:${font.fontGNo}`) ??
    (folders.length > 0
      ? folders.some((folder) => inFolder(folder.id, folder.fontGNos))
      : (root?.favoriteFontGNos ?? []).includes(font.fontGNo));

  if (loggedIn && folders.length > 1) {
    return (
      <details className="favorite-control favorite-menu" data-favorite={font.fontGNo}>
        <summary
          className={cn("favorite-control__button", favorited && "favorite-control__button--active")}
          title={`收藏到收藏夹：${font.familyName}`}
          data-favorited={favorited ? "true" : "false"}
        >
          <HeartIcon filled={favorited} />
          <span>{favorited ? "已收藏" : "收藏"}</span>
        </summary>
        <div className="favorite-menu__panel">
          <p className="favorite-menu__title">收藏到</p>
          <ul className="favorite-menu__list">
            {folders.map((folder) => {
              const inside = inFolder(folder.id, folder.fontGNos);
              return (
                <li key={folder.id}>
                  <FavoriteForm
                    fields={{
                      intent: inside ? "remove-font" : "add-font",
                      fontGNo: font.fontGNo,
                      folderId: folder.id,
                    }}
                  >
                    <button
                      type="submit"
                      className={cn("favorite-menu__item", inside && "favorite-menu__item--active")}
                      aria-pressed={inside}
                      data-folder={folder.name}
                    >
                      <span className="favorite-menu__check" aria-hidden="true">
                        {inside ? "✓" : ""}
                      </span>
                      <span className="favorite-menu__name">{folder.name}</span>
                      <span className="visually-hidden">{inside ? "（已收藏，点击移出）" : "（点击加入）"}</span>
                    </button>
                  </FavoriteForm>
                </li>
              );
            })}
          </ul>
          <Link to="/user/favorite" className="favorite-menu__manage">
            管理收藏夹
          </Link>
        </div>
      </details>
    );
  }

  return (
    <VisitorPart
      states={FAVORITE_STATES}
      state={favorited ? "on" : "off"}
      pick={(each) => (savedAsFavorite(each, font.fontGNo) ? "on" : "off")}
      render={(state) => <FavoriteButton font={font} favorited={state === "on"} />}
    />
  );
}

/** A heart's states: not a favorite, a favorite. */
export const FAVORITE_STATES = ["off", "on"] as const;

/** Whether the root loader's favorites hold `fontGNo`, in any folder (what a server render shows). */
function savedAsFavorite(root: RootData, fontGNo: string): boolean {
  const folders = root.favoriteFolders ?? [];
  return folders.length > 0
    ? folders.some((folder) => folder.fontGNos.includes(fontGNo))
    : root.favoriteFontGNos.includes(fontGNo);
}

function FavoriteButton({ font, favorited }: { font: FontActionTarget; favorited: boolean }) {
  return (
    <FavoriteForm
      className="favorite-control"
      fields={{ intent: favorited ? "remove-font" : "add-font", fontGNo: font.fontGNo }}
    >
      <button
        type="submit"
        className={cn("favorite-control__button", favorited && "favorite-control__button--active")}
        title={favorited ? `取消收藏：${font.familyName}` : `收藏：${font.familyName}`}
        aria-pressed={favorited}
        data-favorite={font.fontGNo}
        data-favorited={favorited ? "true" : "false"}
      >
        <HeartIcon filled={favorited} />
        <span>{favorited ? "已收藏" : "收藏"}</span>
      </button>
    </FavoriteForm>
  );
}
