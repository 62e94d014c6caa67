/**
 * The page's JavaScript starts loading once the page has been painted. The server writes the
 * module preloads and the module script of Remix's `<Scripts>` under these inert names (the
 * browser fetches nothing for them), and `SCRIPTS_AFTER_PAINT_BOOT`, run where the page ends,
 * gives them back their names after the first frame: the preloads start, the module script is
 * replaced by a live copy, and the page hydrates. Until then the first paint has the connection to
 * itself (styles, the preview fonts, the images in view), and the page works as its HTML does.
 * A visitor without JavaScript never downloads the scripts at all.
 */
export const DEFERRED_PRELOAD_REL = "modulepreload-after-paint";
export const DEFERRED_MODULE_TYPE = "module-after-paint";

/**
 * The HTML with the module preloads and module scripts it holds made inert (ASCII only, so it
 * works on bytes read as latin1 as well as on text).
 */
export function deferModuleScripts(html: string): string {
  return html
    .replace(/<link rel="modulepreload"/g, `<link rel="${DEFERRED_PRELOAD_REL}"`)
    .replace(/(<script\b[^>]*?) type="module"/g, `$1 type="${DEFERRED_MODULE_TYPE}"`);
}

/**
 * Restores them once the browser reports the first contentful paint (paint timing, buffered, so a
 * paint before this script ran counts), or at once in a tab that is or becomes hidden (it paints
 * nothing); where paint timing is missing, after the next frame. Five seconds at most either way.
 * The module script is replaced in place by a copy, so the document hydrates with the elements
 * React rendered: an inserted script runs, a parsed one whose type changed would not.
 */
export const SCRIPTS_AFTER_PAINT_BOOT = `(function(){var d=document,w=window,done=false;function go(){if(done)return;done=true;var l=d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]');for(var i=0;i<l.length;i++)l[i].rel="modulepreload";var o=d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]');for(var j=0;j<o.length;j++){var s=d.createElement("script");s.type="module";s.async=true;s.nonce=o[j].nonce;s.textContent=o[j].textContent;o[j].replaceWith(s)}}if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go);setTimeout(go,5000);var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")!==-1){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();go()}}).observe({type:"paint",buffered:true})}else{requestAnimationFrame(function(){setTimeout(go)})}})()`;
