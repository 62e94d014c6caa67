import { getSitePages } from "@contract/site-pages";
import { callApi, type ApiCaller } from "./api-client.server";

/** Every public item page of the site and when its item last changed (the sitemap's source). */
export function listSitePages(caller: ApiCaller) {
  return callApi(caller, getSitePages, {});
}
