// A file that appears whole and at once, or not at all: written aside, then hard-linked into
// place, which fails if the name exists. Two processes racing for one name cannot both win, and
// no reader ever sees half of it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Creates `file` with `content`, unless it exists; true if this call created it. */
export function createExclusively(file: string, content: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, content, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
