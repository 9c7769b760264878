// The CHANGELOG half of a release (scripts/release.ts): what was gathered under "Unreleased"
// becomes the release's section, and a new, empty "Unreleased" opens above it. Pure, so that the
// one step that edits a hand-written file is tested without git or npm.

const UNRELEASED = /^## \[Unreleased\][^\n]*$/m;
const UNRELEASED_LINK = /^\[Unreleased\]:\s*(\S+)$/m;

export interface CutChangelog {
  version: string;
  /** The release date, YYYY-MM-DD (UTC). */
  date: string;
}

/**
 * Moves the "## [Unreleased]" section to "## [version] - date" (Keep a Changelog's heading),
 * leaves an empty "## [Unreleased]" above it, and, when the file ends with compare links, points
 * "[Unreleased]" at the new tag and adds the new version's link. Throws when there is nothing to
 * release or the version is already in the file.
 */
export function cutChangelog(text: string, { version, date }: CutChangelog): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`release date must be YYYY-MM-DD, got ${date}`);
  const heading = UNRELEASED.exec(text);
  if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" heading');
  if (text.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);

  const bodyStart = heading.index + heading[0].length;
  const rest = text.slice(bodyStart);
  const next = /^## |^\[[^\]]+\]:\s/m.exec(rest);
  const body = next ? rest.slice(0, next.index) : rest;
  if (!/^\s*[-*] /m.test(body)) throw new Error('the "Unreleased" section lists no change: nothing to release');

  const released = `${text.slice(0, heading.index)}## [Unreleased]\n\n## [${version}] - ${date}${body}${rest.slice(body.length)}`;
  return withCompareLinks(released, version);
}

// "[Unreleased]: <base>/compare/v0.2.0...HEAD" becomes "<base>/compare/v0.3.0...HEAD", and
// "[0.3.0]: <base>/compare/v0.2.0...v0.3.0" is added below it. A file without links keeps none.
function withCompareLinks(text: string, version: string): string {
  const link = UNRELEASED_LINK.exec(text);
  if (!link) return text;
  const compare = /^(.*\/compare\/)(\S+)\.\.\.HEAD$/.exec(link[1]!);
  if (!compare) throw new Error(`cannot read the [Unreleased] link: ${link[1]}`);
  const [, base, since] = compare;
  const lines = [`[Unreleased]: ${base}v${version}...HEAD`, `[${version}]: ${base}${since}...v${version}`];
  return text.slice(0, link.index) + lines.join("\n") + text.slice(link.index + link[0].length);
}
