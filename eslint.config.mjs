import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: ["lib/db/generated/**", ".next/**", ".data/**", "bench/.work/**", "next-env.d.ts"] },
];

export default config;
