// The version of /embed.js (browser/embed-loader.ts): in its first line and its Embed-Version header.
export const EMBED_LOADER_VERSION = "1.0.0";
