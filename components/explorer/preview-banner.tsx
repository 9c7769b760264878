// The notice on every explorer page of a Vercel preview that runs without a database: its data
// is the sample registry in a temporary directory, so nobody mistakes it for the real registry
// or expects a change made there to last.
import { config } from "@/lib/config";

export function PreviewBanner() {
  if (!config().previewData) return null;
  return (
    <aside className="preview-banner" aria-label="Preview deployment">
      <p className="wrap">
        <strong>Preview data, resets.</strong> This preview deployment serves the sample registry from a temporary
        database: anything changed here is lost when it restarts.
      </p>
    </aside>
  );
}
