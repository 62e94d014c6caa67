import { Scripts } from "@remix-run/react";
import { KEPT_AS_SERVED } from "~/components/ui/server-markup";

const PAGE_SCRIPTS_ID = "page-scripts";

/** The longest the page's scripts wait for its load event, from the end of its HTML. */
export const SCRIPTS_AT_LATEST_MS = 3_000;

/**
 * Copies the page's scripts from the inert template into the document with this script's nonce:
 * Remix's context at once (the loader data's scripts after the document fill its stream), the
 * module script and module preloads once the page has loaded, or `SCRIPTS_AT_LATEST_MS` after its
 * HTML ended if the load takes longer. Nothing of them is fetched while the page's faces and images
 * arrive. Each is added in a task of its own: starting a module's fetch costs the main thread a
 * millisecond or more on a phone, a dozen of them in one task would block it.
 */
export const START_PAGE_SCRIPTS = `(() => {
  const nonce = document.currentScript.nonce;
  const held = document.getElementById(${JSON.stringify(PAGE_SCRIPTS_ID)}).content;
  const copy = (element) => {
    const copied = document.createElement(element.localName);
    for (const { name, value } of element.attributes) if (name !== "nonce") copied.setAttribute(name, value);
    if (copied.localName === "script") {
      copied.nonce = nonce;
      copied.text = element.text;
    }
    document.body.append(copied);
  };
  for (const element of held.querySelectorAll("script:not([type=module])")) copy(element);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const modulesFirst = [...held.querySelectorAll("script[type=module]"), ...held.querySelectorAll("link")];
    for (const element of modulesFirst) setTimeout(copy, 0, element);
  };
  if (document.readyState === "complete") start();
  else {
    addEventListener("load", start, { once: true });
    setTimeout(start, ${SCRIPTS_AT_LATEST_MS});
  }
})();`;

/**
 * Remix's scripts (its context, the module preloads and the modules that hydrate the page), served
 * inside a `<template>` and started by a small inline script, the modules once the page has loaded
 * (decision 047). Until then the page is the server's HTML, whose links and forms work as they do
 * without JavaScript. In the browser both elements are kept as served: React walks neither.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
  if (typeof document !== "undefined") {
    return (
      <>
        <template id={PAGE_SCRIPTS_ID} dangerouslySetInnerHTML={KEPT_AS_SERVED} suppressHydrationWarning />
        <script nonce={nonce} dangerouslySetInnerHTML={KEPT_AS_SERVED} suppressHydrationWarning />
      </>
    );
  }
  return (
    <>
      <template id={PAGE_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </template>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START_PAGE_SCRIPTS }} />
    </>
  );
}
