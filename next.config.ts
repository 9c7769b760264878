import type { NextConfig } from "next";

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // The migration runner reads the SQL files at run time, also in traced deployments.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  poweredByHeader: false,
  reactStrictMode: true,
  // Nothing but the hosted donation widget may be framed; the widget's route sends its own
  // frame-ancestors, built from the key's allowlist. Every other page loads only from this
  // origin (no CDN, fonts or images from elsewhere). Next's inline bootstrap scripts need
  // 'unsafe-inline'; the GraphQL IDE's editor runs its workers from blob: URLs.
  async headers() {
    return [
      {
        source: "/((?!embed/).*)",
        headers: [
          { key: "Content-Security-Policy", value: PAGE_CSP },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
