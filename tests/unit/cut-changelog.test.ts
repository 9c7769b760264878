import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cutChangelog } from "@/scripts/release/cut-changelog";

const HEAD = "# Changelog\n\nIntro.\n\n";
const UNRELEASED = "## [Unreleased]\n\n### Added\n- Deploying guide.\n\n### Fixed\n- A bug.\n\n";
const PREVIOUS = "## [0.2.0] - 2026-11-23\n\n### Added\n- Keys.\n";

describe("cutChangelog", () => {
  it("turns Unreleased into the release's section under a new, empty Unreleased", () => {
    const out = cutChangelog(HEAD + UNRELEASED + PREVIOUS, { version: "0.3.0", date: "2026-11-26" });
    expect(out).toBe(
      HEAD +
        "## [Unreleased]\n\n" +
        "## [0.3.0] - 2026-11-26\n\n### Added\n- Deploying guide.\n\n### Fixed\n- A bug.\n\n" +
        PREVIOUS,
    );
  });

  it("moves the compare links on: Unreleased from the new tag, the release from the previous one", () => {
    const links =
      "\n[Unreleased]: https://git.example/o/r/compare/v0.2.0...HEAD\n" +
      "[0.2.0]: https://git.example/o/r/compare/v0.1.0...v0.2.0\n";
    const out = cutChangelog(HEAD + UNRELEASED + PREVIOUS + links, { version: "0.3.0", date: "2026-11-26" });
    expect(out.endsWith(
      "\n[Unreleased]: https://git.example/o/r/compare/v0.3.0...HEAD\n" +
        "[0.3.0]: https://git.example/o/r/compare/v0.2.0...v0.3.0\n" +
        "[0.2.0]: https://git.example/o/r/compare/v0.1.0...v0.2.0\n",
    )).toBe(true);
    expect(out).toContain("## [0.3.0] - 2026-11-26\n\n### Added\n- Deploying guide.");
  });

  it("works for a first release, with no section below", () => {
    const out = cutChangelog(HEAD + UNRELEASED, { version: "0.1.0", date: "2026-01-02" });
    expect(out).toBe(`${HEAD}## [Unreleased]\n\n## [0.1.0] - 2026-01-02\n\n### Added\n- Deploying guide.\n\n### Fixed\n- A bug.\n\n`);
  });

  it("refuses an empty Unreleased, a missing one, a version already released and a bad date", () => {
    expect(() => cutChangelog(`${HEAD}## [Unreleased]\n\n${PREVIOUS}`, { version: "0.3.0", date: "2026-11-26" })).toThrow(/nothing to release/);
    expect(() => cutChangelog(HEAD + PREVIOUS, { version: "0.3.0", date: "2026-11-26" })).toThrow(/no "## \[Unreleased\]"/);
    expect(() => cutChangelog(HEAD + UNRELEASED + PREVIOUS, { version: "0.2.0", date: "2026-11-26" })).toThrow(/already has/);
    expect(() => cutChangelog(HEAD + UNRELEASED + PREVIOUS, { version: "0.3.0", date: "26.11.2026" })).toThrow(/YYYY-MM-DD/);
  });

  it("can read the project's own CHANGELOG: an Unreleased heading, every release as [X.Y.Z] - date", () => {
    const headings = fs.readFileSync("CHANGELOG.md", "utf8").match(/^## .*$/gm) ?? [];
    expect(headings[0]).toBe("## [Unreleased]");
    for (const heading of headings.slice(1)) expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
  });
});
