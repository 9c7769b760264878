// The 404 of the explorer's pages (a hidden or missing entry): the same words as the App Router's.
import { NotFoundMessage } from "@/components/explorer/not-found-message";
import { PageHead } from "@/components/explorer/page-head";
import { SiteFrame } from "@/components/explorer/site-frame";

export const config = { unstable_runtimeJS: false };

export default function NotFoundPage() {
  return (
    <SiteFrame>
      <PageHead title="Not found" description="There is no public entry or page at this address." />
      <NotFoundMessage />
    </SiteFrame>
  );
}
