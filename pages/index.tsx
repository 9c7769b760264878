// / — search and browse the registry: the public tier, through the same domain functions as
// GET /api/registry/ngos, rendered on the server (the URL is the whole state of the view).
//
// The explorer's pages (/, /ngos/{slug}, /stats) are the Pages Router's, because only there does
// Next.js serve a page without its client runtime (unstable_runtimeJS): they are plain HTML and
// /explorer.js (about 1.5 KB compressed) instead of 130 KB of React and router, and render in
// about half the time. The App Router serves the API reference, the GraphQL IDE, the widget and
// the API.
import { ExplorerView } from "@/components/explorer/explorer-view";
import { PageHead } from "@/components/explorer/page-head";
import { SiteFrame } from "@/components/explorer/site-frame";
import { withServerErrorPage } from "@/lib/explorer/with-server-error-page";
import { loadExplorerView, type ExplorerView as View } from "@/lib/explorer/load-explorer-view";

export const config = { unstable_runtimeJS: false };

export const getServerSideProps = withServerErrorPage<{ view: View }>("search", async ({ query }) => ({ props: { view: await loadExplorerView(query) } }));

export default function ExplorerPage({ view }: { view: View }) {
  return (
    <SiteFrame>
      <PageHead
        title="Trust Registry — find and check NGOs"
        absolute
        description="Search the public registry of NGOs by name, city, sector, country, state and trust score."
      />
      <ExplorerView view={view} />
    </SiteFrame>
  );
}
