// The API key format (docs/concepts.md#identity-keys-origins-and-embed-sessions). A key is one
// "word" of 55 characters:
//
//   tr_sk_  1Xq3…(43 characters)…Rw0z  4fKp2Q
//   prefix  body                       checksum
//
// - prefix: the kind. A publishable key (tr_pk_) lives in an NGO's web page and is bound to its
//   origins; a secret key (tr_sk_) stays on a server. A reader, a log scanner or a support
//   engineer can tell which is which at a glance.
// - body: 32 random bytes (256 bits) written as one fixed-width base62 number.
// - checksum: CRC32 of prefix + body in base62 (6 characters), so a secret scanner can tell a
//   real key from look-alike text offline, and the server rejects typos and garbage without a
//   database round trip. CRC32 catches every change of one character (any error burst up to
//   32 bits), which a truncated hash guarantees only with high probability.
//
// Base62 and underscores keep the key selectable with a double click and safe in URLs, headers
// and shells without quoting. There is no test/live marker: payments run in sandbox or live
// mode per deployment, not per key, so a marker would claim something the server cannot enforce.

export const KEY_KINDS = ["publishable", "secret"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

export const KEY_PREFIXES = { publishable: "tr_pk_", secret: "tr_sk_" } as const satisfies Record<KeyKind, string>;

export const KEY_PREFIX_LENGTH = 6;
export const KEY_BODY_BYTES = 32;
/** 62^43 > 2^256 > 62^42: the fewest base62 digits that hold 32 bytes. */
export const KEY_BODY_LENGTH = 43;
/** 62^6 > 2^32: a CRC32 fits. */
export const KEY_CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX_LENGTH + KEY_BODY_LENGTH + KEY_CHECKSUM_LENGTH;

/**
 * Finds candidate keys in text (logs, commits, pastes), for secret scanners and redaction; confirm
 * a match with parseApiKey(match).checksumValid. Not global: add the "g" flag to a copy to scan.
 */
export const API_KEY_PATTERN = /\btr_(?:pk|sk)_[0-9A-Za-z]{49}\b/;
