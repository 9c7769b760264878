
export const SITE_LINKS = [
  { href: "/", label: "Explorer" },
  { href: "/stats", label: "Statistics" },
  { href: "/docs", label: "API docs" },
  { href: "/docs/graphql", label: "GraphQL IDE" },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="wrap">
        <a className="brand" href="/">
          Trust Registry
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {SITE_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
