/**
 * A generated section of a Markdown file of ours (docs/arguments.md, docs/pi-versions.md) between
 * `<!-- name:start -->` and `<!-- name:end -->`: tests that measure something check that the docs say what
 * they measured, and rewrite them when asked (`PI_ASK_WRITE_DOCS=1`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./pi.ts";

/** True when the run should rewrite generated doc sections instead of checking them. */
export const WRITE_DOCS = process.env.PI_ASK_WRITE_DOCS === "1";

/** The files with generated sections, from the repository root. */
const DOC_SECTIONS = {
	"real-world-arguments": "docs/arguments.md",
	"pi-own": "docs/arguments.md",
	compat: "docs/pi-versions.md",
} as const;

/** A generated section's name. */
export type DocSectionName = keyof typeof DOC_SECTIONS;

/** The section `name` as its file has it now (markers included), and the same with `body` in its place. */
export function docSection(name: DocSectionName, body: string): { file: string; current: string; wanted: string } {
	const file = DOC_SECTIONS[name];
	const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
	const text = readFileSync(join(REPO_ROOT, file), "utf8");
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	const current = from >= 0 && to > from ? text.slice(from, to + end.length) : "";
	return { file, current, wanted: `${start}\n${body}\n${end}` };
}

/** Replaces the section `name` with `body` (it must exist already). */
export function writeDocSection(name: DocSectionName, body: string): void {
	const { file, current, wanted } = docSection(name, body);
	if (current === "") throw new Error(`${file} has no ${name} section`);
	const path = join(REPO_ROOT, file);
	writeFileSync(
		path,
		readFileSync(path, "utf8").replace(current, () => wanted),
	);
}

/** `text` as one Markdown table cell: pipes escaped, line breaks as `<br>`. */
export function markdownCell(text: string): string {
	return text.replace(/\|/g, "\\|").replace(/\n/g, "<br>");
}
