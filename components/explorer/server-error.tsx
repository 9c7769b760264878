import { PageHead } from "./page-head";
import { SiteFrame } from "./site-frame";

/** What an explorer page shows when it fails on our side: a sentence and a way on, never a cause. */
export function ServerError() {
  return (
    <SiteFrame>
      <PageHead title="Something went wrong" description="The registry could not show this page right now." />
      <h1>Something went wrong</h1>
      <p>The registry could not show this page right now. Please try again in a moment.</p>
      <p>
        <a href="/api/health">Service health</a> · <a href="/">Search the registry</a>
      </p>
    </SiteFrame>
  );
}
