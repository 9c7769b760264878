// The hosted widget's stylesheet, inlined under the page's CSP nonce. System fonts, no images.
export const WIDGET_STYLE = `
*{box-sizing:border-box}
html{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430;background:#fff}
body{margin:0;padding:16px}
main{max-width:480px;margin:0 auto}
h1{font-size:1.2rem;margin:0 0 12px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.badge{font-size:.75rem;font-weight:600;background:#fff4d6;color:#7a4b00;border:1px solid #e9c46a;border-radius:999px;padding:2px 10px}
fieldset{border:0;margin:0 0 14px;padding:0;min-width:0}
legend,label.f{display:block;font-weight:600;font-size:.9rem;margin:0 0 6px;padding:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.seg{display:flex;gap:8px}.pre{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}
.seg input,.pre input{position:absolute;opacity:0;width:1px;height:1px}
.seg label,.pre label{flex:1 1 0;white-space:nowrap;text-align:center;border:1px solid #b8c2cf;border-radius:8px;padding:9px 6px;cursor:pointer;background:#fff;font-variant-numeric:tabular-nums}
.seg input:checked+label,.pre input:checked+label{background:#0b5cad;border-color:#0b5cad;color:#fff}
.seg input:focus-visible+label,.pre input:focus-visible+label,input:focus-visible,select:focus-visible,button:focus-visible,summary:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
input[type=text],input[type=email],select{width:100%;font:inherit;padding:9px 10px;border:1px solid #8a96a6;border-radius:8px;background:#fff;color:inherit}
.field{margin:0 0 14px}
.hint{font-size:.8rem;color:#4a5563;margin:4px 0 0}
.err-t{font-size:.85rem;color:#a4161a;margin:4px 0 0}
[aria-invalid=true]{border-color:#a4161a}
.check{display:flex;gap:8px;align-items:center;margin:0 0 14px}
.check input{width:18px;height:18px;margin:0}
button{width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:#0b5cad;color:#fff;cursor:pointer}
button:disabled{opacity:.6;cursor:progress}
#st{min-height:1.4em;margin:10px 0 0}
#st.err{color:#a4161a}
details{font-size:.85rem;margin:0 0 14px;background:#f6f8fa;border-radius:8px;padding:8px 10px}
summary{cursor:pointer;font-weight:600}
details ul{margin:6px 0 0;padding-left:18px}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
.done{padding:12px;border-radius:8px;background:#e6f4ea;color:#14532d}
.done a{color:#0b3d91}
.msg{padding:12px;border-radius:8px;background:#f6f8fa}
.note{font-size:.85rem;background:#fff4d6;border-radius:8px;padding:8px 10px;margin:0 0 14px}
@media (max-width:420px){body{padding:10px}.row{grid-template-columns:1fr;gap:0}.pre{grid-template-columns:1fr 1fr}}
`.replace(/\n/g, "");
