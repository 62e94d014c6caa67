import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { isExternalHref, linkHref } from "~/utils/link";

export type SmartLinkProps = {
  /** The stored link text (may be a bare domain, a site path or a full URL). */
  link: string | null | undefined;
  /** Scheme choice for bare domains: 1 → http://, 2 → https://. */
  choice?: number | string | null;
  className?: string;
  children: ReactNode;
  title?: string;
};

/**
 * Renders an editor-entered link through the link helper: external links open in a new
 * tab with rel="noopener noreferrer", site paths use <Link>, and an empty link is a no-op:
 * a <span aria-disabled="true"> rather than a dead anchor.
 */
export function SmartLink({ link, choice, className, children, title }: SmartLinkProps) {
  const href = linkHref(link, choice);
  if (!href) {
    return (
      <span className={className} aria-disabled="true" title={title}>
        {children}
      </span>
    );
  }
  if (isExternalHref(href) || /^(mailto|tel):/i.test(href)) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer" title={title}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={href} title={title}>
      {children}
    </Link>
  );
}
