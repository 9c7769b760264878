import { frameHeight } from "../frame-height";

/**
 * The widget preview (iframe[data-fit]): sized to its content from the widget's resize messages
 * (only from that frame and this origin), and measured once on load, since the widget may have
 * sent its first message before this script ran. Without the script it keeps its CSS height.
 */
export function fitPreviewFrames(): void {
  document.querySelectorAll<HTMLIFrameElement>("iframe[data-fit]").forEach((frame) => {
    const fit = (height: unknown) => {
      const css = frameHeight(height);
      if (css) frame.style.height = css;
    };
    const measure = () => {
      const doc = frame.contentDocument;
      if (doc && doc.readyState === "complete") fit(doc.documentElement.getBoundingClientRect().height);
    };
    addEventListener("message", (event) => {
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      if (event.data && event.data.type === "resize") fit(event.data.height);
    });
    frame.addEventListener("load", measure);
    measure();
  });
}
