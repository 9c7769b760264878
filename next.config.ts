import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // The migration runner reads the SQL files at run time, also in traced deployments.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
