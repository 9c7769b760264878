import { readConfig } from "@/lib/config";

/** readConfig of just these variables (NODE_ENV too only where given). */
export const readOnly = (env: Record<string, string>) => readConfig(env as NodeJS.ProcessEnv);

/** The one message readConfig throws for an environment. */
export function configRefusal(env: Record<string, string>): string {
  try {
    readOnly(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("readConfig accepted the environment");
}
