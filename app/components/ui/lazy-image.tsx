import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { pageHydrated } from "~/utils/hydration";
import { cn } from "~/utils/misc";

/** How far ahead images start loading: 1.3 viewport heights from the top of the viewport. */
export const LAZY_IMAGE_PRELOAD_FACTOR = 1.3;
/** Visibility checks and retries run at most this often. */
export const LAZY_IMAGE_THROTTLE_MS = 200;
/** Loads tried before the error state is shown. */
export const LAZY_IMAGE_MAX_ATTEMPTS = 3;
/** How many loaded addresses are remembered (shown at once when met again). */
export const LAZY_IMAGE_CACHE_SIZE = 200;

export const LAZY_IMAGE_ERROR_TEXT = "图片加载失败";

/**
 * The IntersectionObserver margin for `factor`: an image starts loading once its top is within
 * `factor` viewport heights of the viewport's top (1.3: 30% of a screen below the fold).
 */
export function preloadRootMargin(factor = LAZY_IMAGE_PRELOAD_FACTOR): string {
  const percent = Math.round((factor - 1) * 1000) / 10;
  return `0px 0px ${percent}% 0px`;
}

/** A least-recently-used set of addresses, bounded to `limit` entries. */
export class RecentUrls {
  private readonly entries = new Set<string>();
  constructor(readonly limit: number) {}

  has(url: string): boolean {
    if (!this.entries.has(url)) return false;
    this.entries.delete(url);
    this.entries.add(url);
    return true;
  }

  add(url: string): void {
    this.entries.delete(url);
    this.entries.add(url);
    while (this.entries.size > this.limit) {
      const oldest = this.entries.values().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Addresses this page has already loaded. */
export const loadedImages = new RecentUrls(LAZY_IMAGE_CACHE_SIZE);

/** `fn` runs at once, then at most once per `ms` (a call in between runs at the end of the wait). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) {
      last = Date.now();
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        last = Date.now();
        const next = pending!;
        pending = null;
        fn(...next);
      },
      Math.max(0, wait),
    );
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

/** The address for the `attempt`-th try: later tries get a query so no cached failure is reused. */
export function attemptUrl(src: string, attempt: number): string {
  if (attempt <= 1) return src;
  const [path, hash] = src.split("#", 2);
  const separator = path!.includes("?") ? "&" : "?";
  return `${path}${separator}retry=${attempt - 1}${hash === undefined ? "" : `#${hash}`}`;
}

type Status = "loading" | "loaded" | "error";

export type LazyImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "loading"> & {
  src: string;
  width: number | string;
  height: number | string;
  alt: string;
  /**
   * The page's first image above the fold (a detail page's cover): loaded at once and at high
   * priority (`loading="eager"`, `fetchpriority="high"`) so the largest paint does not wait for it.
   * One per page at most; every other image stays lazy.
   */
  priority?: boolean;
  /**
   * The image for a dark colour scheme (`prefers-color-scheme: dark`), if it has one: the browser
   * fetches only the one it shows, and both have the same size.
   */
  darkSrc?: string;
};

/** `fetchpriority` in lowercase: React 18 passes it through as it is and knows no `fetchPriority`. */
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

/**
 * Every content image. The server HTML has a plain `<img loading="lazy">` (works without
 * JavaScript; `priority` makes the one top-of-page image eager); in the browser an image starts loading once it is within the preload margin, is
 * retried up to three times, then shows 图片加载失败 in its own box. Width and height are required
 * so the page never shifts.
 */
export function LazyImage({
  src,
  width,
  height,
  alt,
  className,
  onLoad,
  onError,
  priority = false,
  darkSrc,
  ...rest
}: LazyImageProps) {
  // Images new to the page wait until they are near the viewport; server-rendered ones already load.
  const [inBrowser] = useState(pageHydrated);
  const [near, setNear] = useState(() => priority || !inBrowser || loadedImages.has(src));
  const [attempt, setAttempt] = useState(1);
  const [status, setStatus] = useState<Status>(() => (inBrowser && loadedImages.has(src) ? "loaded" : "loading"));
  const image = useRef<HTMLImageElement>(null);

  // A new address starts over.
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setAttempt(1);
    setStatus(loadedImages.has(src) ? "loaded" : "loading");
    if (loadedImages.has(src)) setNear(true);
  }

  useEffect(() => {
    if (near) return;
    const node = image.current;
    if (!node || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const check = throttle((entries: IntersectionObserverEntry[]) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, LAZY_IMAGE_THROTTLE_MS);
    const observer = new IntersectionObserver(check, { rootMargin: preloadRootMargin() });
    observer.observe(node);
    return () => {
      observer.disconnect();
      check.cancel();
    };
  }, [near]);

  // An image that finished (or failed) before hydration attached the handlers.
  useEffect(() => {
    const node = image.current;
    if (!node || !node.complete || status !== "loading" || !node.getAttribute("src")) return;
    if (node.naturalWidth > 0) {
      loadedImages.add(src);
      setStatus("loaded");
    } else {
      retry();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const retryTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  function retry() {
    if (attempt >= LAZY_IMAGE_MAX_ATTEMPTS) {
      setStatus("error");
      return;
    }
    clearTimeout(retryTimer.current);
    retryTimer.current = setTimeout(() => setAttempt((current) => current + 1), LAZY_IMAGE_THROTTLE_MS);
  }

  if (status === "error") {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt}：${LAZY_IMAGE_ERROR_TEXT}` : LAZY_IMAGE_ERROR_TEXT}
        className={cn("lazy-image", "lazy-image--error", className)}
        data-state="error"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <span className="lazy-image__message">{LAZY_IMAGE_ERROR_TEXT}</span>
      </span>
    );
  }

  const img = (
    <img
      {...rest}
      ref={image}
      src={near ? attemptUrl(src, attempt) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      {...(priority ? HIGH_PRIORITY : undefined)}
      decoding={priority ? undefined : "async"}
      className={cn("lazy-image", className)}
      data-state={status}
      data-attempt={attempt}
      onLoad={(event) => {
        loadedImages.add(src);
        setStatus("loaded");
        onLoad?.(event);
      }}
      onError={(event) => {
        retry();
        onError?.(event);
      }}
    />
  );
  if (!darkSrc) return img;
  return (
    <picture className="lazy-image__picture">
      <source
        media="(prefers-color-scheme: dark)"
        srcSet={near ? attemptUrl(darkSrc, attempt) : undefined}
        width={width}
        height={height}
      />
      {img}
    </picture>
  );
}
