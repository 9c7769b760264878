import Link from "next/link";

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
        <Link className="brand" href="/">
          Trust Registry
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {SITE_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} prefetch={false}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
