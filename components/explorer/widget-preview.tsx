"use client";
// The donation widget's live preview, sized to its content as /embed.js sizes it on an NGO's
// site: from the widget's `resize` messages (only from this frame and this origin), and, since
// the widget may have loaded and sent its first one before this page was hydrated, by measuring
// the frame's document once here (it is on this origin). Without JavaScript the frame keeps its
// CSS height and scrolls.
import { useEffect, useRef, useState } from "react";

export function WidgetPreview({ src }: { src: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const fit = (next: unknown) => {
      if (typeof next === "number" && next > 0 && next < 5000) setHeight(Math.ceil(next));
    };
    const measure = () => {
      const document = frame.current?.contentDocument;
      if (document?.readyState === "complete") fit(document.documentElement.getBoundingClientRect().height);
    };
    const onMessage = (event: MessageEvent<{ type?: unknown; height?: unknown }>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === "resize") fit(event.data.height);
    };
    window.addEventListener("message", onMessage);
    const current = frame.current;
    current?.addEventListener("load", measure);
    measure();
    return () => {
      window.removeEventListener("message", onMessage);
      current?.removeEventListener("load", measure);
    };
  }, []);
  return <iframe ref={frame} className="widget" src={src} title="Donation widget preview" loading="lazy" style={height ? { height } : undefined} />;
}
