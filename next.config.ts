import type { NextConfig } from "next";
import { pageCsp } from "./lib/http/page-csp";
import { HSTS } from "./lib/http/hsts";

// On Vercel, production deployments get HSTS from here, decided at build time (Vercel builds
// each environment separately); under `next start` the server adds it at run time in production
// (install-request-observer.ts), since what counts as production is known only then.
const VERCEL_HSTS = process.env.VERCEL_ENV === "production" ? [{ key: "Strict-Transport-Security", value: HSTS }] : [];

const nextConfig: NextConfig = {
  // A plain server runs `node .next/standalone/server.js`: the server and only the files it needs
  // (traced node_modules, the migrations below, PGlite's WASM). `npm run build` then copies
  // .next/static beside it (scripts/copy-standalone-assets.mjs), which Next leaves to the operator.
  output: "standalone",
  // PGlite loads its WASM and data files from its own package directory at run time. graphql is
  // loaded by Node, once: graphql-jit imports some of its files by path, and bundled, those would
  // be a second copy of graphql's types beside the one the schema is built from.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "graphql", "graphql-jit"],
  // The migration runner reads the SQL files at run time, also in traced deployments.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [
      // Every answer, whatever made it: handlers, pages, static files, metadata routes, and the
      // problems proxy.ts answers with before any handler runs (Next applies these headers before
      // the proxy, and over a handler's own). Browsers sniff no content type.
      {
        source: "/:path*",
        headers: [{ key: "X-Content-Type-Options", value: "nosniff" }, ...VERCEL_HSTS],
      },
      // Nothing but the hosted donation widget may be framed; the widget's route sends its own
      // frame-ancestors, built from the key's allowlist. Every other answer loads only from this
      // origin (no CDN, fonts or images from elsewhere) and runs no inline script: proxy.ts
      // replaces this policy on pages with one that allows their nonce. Other sites learn at
      // most this site's origin as the referrer: a path or query can name a search.
      {
        source: "/((?!embed/).*)",
        headers: [
          { key: "Content-Security-Policy", value: pageCsp() },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // The widget lives inside other sites' pages: it tells nobody where it was.
      {
        source: "/embed/:path*",
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      },
    ];
  },
};

export default nextConfig;
