import pkg from "@/package.json";

/** The service's semver, from package.json: reported in health and the API-Version header. */
export const APP_VERSION: string = pkg.version;
