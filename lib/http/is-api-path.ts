/** Whether a path belongs to the API (`/api/…`, and its public alias `/public/api/…`), not to a page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(public\/)?api(\/|$)/.test(pathname);
}
