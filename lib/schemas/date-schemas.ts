// The one way a request gives a date or a time, query or body. Both are bounded to years 1900 to
// 9999 (UTC): PostgreSQL has no year 0, JavaScript writes year 10000 as "+010000", and no date this
// service keeps (evidence, expiries, filters) lies outside that range.
import { z } from "zod";

const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const RANGE = "must be between 1900-01-01 and 9999-12-31 (UTC)";

// What is not a date at all was refused by the format check already: one reason per field.
const inRange = (value: string) => {
  const time = new Date(value).getTime();
  return Number.isNaN(time) || (time >= EARLIEST && time <= LATEST);
};

/** An RFC 3339 date-time with a time zone (Z or an offset), as the string given. */
export function dateTimeSchema(error = "must be an RFC 3339 date-time with a time zone") {
  return z.iso.datetime({ offset: true, error }).refine(inRange, RANGE);
}

/** A calendar date, YYYY-MM-DD, as the string given. */
export function dateSchema(error = "must be a date, YYYY-MM-DD") {
  return z.iso.date(error).refine(inRange, RANGE);
}
