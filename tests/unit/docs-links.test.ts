// The README and docs/ link to each other and to files of the repository. A moved file or a
// renamed heading breaks such a link silently on GitHub; this test names each broken one instead.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return ["README.md", "CHANGELOG.md", ...docs.sort()];
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function prose(markdown: string): string {
  const unfenced = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  return unfenced.replace(/(`+)[\s\S]*?\1/g, "");
}

/** Inline links and images, `[text](target "title")`: their targets. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1] ?? "");
  }
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: its headings' slugs, numbered as GitHub numbers repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const unfenced = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const match of unfenced.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = githubSlug(match[1] ?? "");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

function brokenLinks(file: string): string[] {
  const markdown = readFileSync(path.join(ROOT, file), "utf8");
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    // Other sites and the running app's own pages are not files of the repository.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
    const [filePart = "", anchor] = target.split("#", 2);
    const resolved = filePart === "" ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(filePart));
    if (!resolved.startsWith(ROOT) || !existsSync(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && statSync(resolved).isFile()) {
      if (!anchors(readFileSync(resolved, "utf8")).has(decodeURIComponent(anchor))) broken.push(`${target}: no such heading`);
    }
  }
  return broken;
}

describe("links in the README and docs/", () => {
  it.each(markdownFiles())("%s links only to files and headings that exist", (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it("reads links and headings as GitHub does", () => {
    expect(linkTargets("See [a](docs/a.md#x) and `[b](c.md)`, ![i](img.png \"t\").\n```\n[d](e.md)\n```")).toEqual([
      "docs/a.md#x",
      "img.png",
    ]);
    expect(githubSlug("A. Vercel, managed PostgreSQL through its pooler, Upstash")).toBe("a-vercel-managed-postgresql-through-its-pooler-upstash");
    expect(githubSlug("Identity: keys, origins and embed sessions")).toBe("identity-keys-origins-and-embed-sessions");
    expect(githubSlug("The `api_version` field")).toBe("the-api_version-field");
    expect(githubSlug("2. PgBouncer")).toBe("2-pgbouncer");
    expect([...anchors("# Two\n## Two\n```\n# not a heading\n```\n## Écoles et santé")]).toEqual(["two", "two-1", "écoles-et-santé"]);
  });
});
