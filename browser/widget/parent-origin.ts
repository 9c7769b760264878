import { isOriginAllowed } from "@/lib/keys/is-origin-allowed";
import type { WidgetConfig } from "@/lib/embed/widget-config";

/**
 * The one origin the widget posts its messages to, or null for none. The preview is framed by
 * the registry's own pages only (`own`); otherwise the server's answer (from Referer), else the
 * parent the browser names (location.ancestorOrigins, Chromium and Safari) if the key allows it.
 */
export function parentOrigin(config: Pick<WidgetConfig, "preview" | "parent" | "origins">, own: string, ancestor: string | undefined): string | null {
  if (config.preview) return own;
  if (config.parent) return config.parent;
  return ancestor && isOriginAllowed(ancestor, config.origins) ? ancestor : null;
}
