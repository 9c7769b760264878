"use client";
// Copies a code sample. Without JavaScript the sample is still there to select by hand.
import { useState } from "react";

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("Copied");
    } catch {
      setStatus("Copy failed: select the text and copy it by hand");
    }
  };
  return (
    <>
      <button type="button" className="button secondary" onClick={copy}>
        {label}
      </button>
      <span className="copy-status" role="status">
        {status}
      </span>
    </>
  );
}
