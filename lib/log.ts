// Structured log lines (one JSON object per line). Callers pass names and codes, never raw
// error messages, SQL, or request headers: nothing here may carry a secret.
type Level = "debug" | "info" | "warn" | "error";

export function log(level: Level, message: string, fields: Record<string, string | number | boolean | null> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}
