import { NextResponse, type NextRequest } from "next/server";
import { pageCsp } from "./page-csp";

/**
 * Lets a page request through with a fresh nonce in its CSP. Next reads the nonce from the
 * request's Content-Security-Policy header and puts it on every script it writes into an App
 * Router page, which is why those pages render per request (app/layout.tsx); the answer carries
 * the same policy.
 */
export function withPageNonce(request: NextRequest): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}
