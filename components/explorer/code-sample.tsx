import { CopyButton } from "./copy-button";

/** A code sample with its copy button; the label says what is copied. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <div className="snippet">
      <pre>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={`Copy ${label}`} />
    </div>
  );
}
