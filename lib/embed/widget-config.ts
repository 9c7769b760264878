/**
 * What the widget's page tells its script (browser/widget.ts), as inert JSON in the page: the
 * server's half of their contract. Currencies are not in it: the script imports their table.
 */
export type WidgetConfig = {
  ngo: string;
  name: string;
  /** The embed session, the bearer token of the intent's creation. */
  session: string;
  /** The parent's exact origin when the server knows it (from Referer), else null. */
  parent: string | null;
  preview: boolean;
  /** The key's origin allowlist, to check the parent the browser names when the server could not. */
  origins: string[];
  mode: "sandbox" | "live";
  disabled: boolean;
};
