import { PageHead } from "./page-head";
import { SiteFrame } from "./site-frame";

const TITLE = "Something went wrong";
const SAID = "The registry could not show this page right now.";

/**
 * The 500 page (pages/500.tsx, and pages/_app.tsx for a page whose data could not be loaded): a
 * sentence and a way on, never a cause. The App Router has no error page of its own: its pages
 * (the API reference, the GraphQL IDE) load no data on the server.
 */
export function ServerError() {
  return (
    <SiteFrame>
      <PageHead title={TITLE} description={SAID} />
      <h1>{TITLE}</h1>
      <p>{SAID} Please try again in a moment.</p>
      <p>
        <a href="/api/health">Service health</a> · <a href="/">Search the registry</a>
      </p>
    </SiteFrame>
  );
}
