import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  // The rule guards pages/ links; here the links it flags point at API routes, not pages.
  { rules: { "@next/next/no-html-link-for-pages": "off" } },
  { ignores: ["lib/db/generated/**", "lib/generated-browser/**", ".next/**", ".data/**", "bench/.work/**", "next-env.d.ts"] },
];

export default config;
