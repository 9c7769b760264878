// The 404 of the explorer's pages (a hidden or missing entry): the same page and head as the App
// Router's (app/not-found.tsx).
import { NotFoundPage } from "@/components/explorer/not-found-page";
import { PageHead } from "@/components/explorer/page-head";
import { NOT_FOUND_HEAD } from "@/lib/explorer/site-head";

export const config = { unstable_runtimeJS: false };

export default function NotFound() {
  return (
    <>
      <PageHead {...NOT_FOUND_HEAD} />
      <NotFoundPage />
    </>
  );
}
