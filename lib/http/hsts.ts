/**
 * Strict-Transport-Security for production: two years, subdomains included (the value browsers'
 * preload lists ask for, without asking to be preloaded).
 */
export const HSTS = "max-age=63072000; includeSubDomains";
