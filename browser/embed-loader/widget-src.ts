/** The hosted widget's address on the registry at `origin`, for an NGO and its publishable key. */
export function widgetSrc(origin: string, ngo: string, key: string): string {
  return `${origin}/embed/donate/${encodeURIComponent(ngo)}?key=${encodeURIComponent(key)}`;
}
