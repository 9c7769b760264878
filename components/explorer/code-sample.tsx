/**
 * A code sample with its copy button; the label says what is copied. The button works through
 * /explorer.js; without it the sample is still there to select by hand.
 */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <div className="snippet">
      <pre>
        <code>{code}</code>
      </pre>
      <button type="button" className="button secondary" data-copy="">
        {`Copy ${label}`}
      </button>
      <span className="copy-status" role="status" />
    </div>
  );
}
