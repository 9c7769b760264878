import { UsageError } from "./usage-error";

/** A flag's value that must be one of a fixed list: the value, or a UsageError listing them. */
export function parseChoice<const T extends string>(command: string, flag: string, value: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${choices.join(", ")}, not '${value}'`, command);
}
