// The 404 page of both routers: app/not-found.tsx (any address no route serves) and pages/404.tsx
// (a hidden or missing entry). Each router gives it its head (NOT_FOUND_HEAD) in its own way.
import { SiteFrame } from "./site-frame";

export function NotFoundPage() {
  return (
    <SiteFrame>
      <h1>Not found</h1>
      <p>There is no public entry or page at this address. Entries that are not (or no longer) on the public register are not shown.</p>
      <p>
        <a href="/">Search the registry</a>
      </p>
    </SiteFrame>
  );
}
