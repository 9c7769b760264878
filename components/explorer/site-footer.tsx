import { SITE_LINKS } from "./site-header";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="wrap">
        <p>A public registry of NGOs: who they are, how they are verified, and why they are trusted.</p>
        <nav aria-label="Footer">
          <ul>
            {SITE_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/api/health">Service health</a>
            </li>
            <li>
              <a href="/api/openapi.json">OpenAPI</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
