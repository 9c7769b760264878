import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // The migration runner reads the SQL files at run time, also in traced deployments.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  poweredByHeader: false,
  reactStrictMode: true,
  // Nothing but the hosted donation widget may be framed; the widget's route sends its own
  // frame-ancestors, built from the key's allowlist.
  async headers() {
    return [
      {
        source: "/((?!embed/).*)",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
