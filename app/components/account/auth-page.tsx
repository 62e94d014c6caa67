import type { ReactNode } from "react";

/** The page frame around an account form (works as a page without JS). */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
