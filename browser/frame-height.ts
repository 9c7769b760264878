/**
 * The CSS height for a frame from a widget's `resize` message, or null to leave the frame as it
 * is: only a number of pixels, above zero and below 5000 (no message can make a frame swallow
 * the page).
 */
export function frameHeight(height: unknown): string | null {
  return typeof height === "number" && height > 0 && height < 5000 ? `${Math.ceil(height)}px` : null;
}
