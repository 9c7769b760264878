import { config, type Config } from "@/lib/config";
import type { CheckOutcome } from "./types";

/**
 * Where the data lives: "postgresql", "embedded", or "preview" — a Vercel preview with no
 * database, whose sample data lives in a temporary directory and resets whenever the function
 * instance does. That is a warning (never a failure): the service answers, but nothing written
 * to it lasts.
 */
export async function checkData(settings: Config = config()): Promise<CheckOutcome> {
  if (settings.previewData) {
    return { status: "warn", observedValue: "preview", output: "preview data, resets: sample registry in a temporary directory, not kept" };
  }
  return { status: "pass", observedValue: settings.databaseUrl ? "postgresql" : "embedded" };
}
