/**
 * A generated section of README.md between `<!-- name:start -->` and `<!-- name:end -->`: tests that
 * measure something check that the README says what they measured, and rewrite it when asked
 * (`PI_ASK_WRITE_README=1`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./pi.ts";

const README = join(REPO_ROOT, "README.md");

/** True when the run should rewrite README sections instead of checking them. */
export const WRITE_README = process.env.PI_ASK_WRITE_README === "1";

/** The section `name` as README.md has it now (markers included), and the same with `body` in its place. */
export function readmeSection(name: string, body: string): { current: string; wanted: string } {
	const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
	const readme = readFileSync(README, "utf8");
	const from = readme.indexOf(start);
	const to = readme.indexOf(end);
	const current = from >= 0 && to > from ? readme.slice(from, to + end.length) : "";
	return { current, wanted: `${start}\n${body}\n${end}` };
}

/** Replaces the section `name` with `body` (it must exist already). */
export function writeReadmeSection(name: string, body: string): void {
	const { current, wanted } = readmeSection(name, body);
	if (current === "") throw new Error(`README.md has no ${name} section`);
	writeFileSync(
		README,
		readFileSync(README, "utf8").replace(current, () => wanted),
	);
}

/** `text` as one Markdown table cell: pipes escaped, line breaks as `<br>`. */
export function markdownCell(text: string): string {
	return text.replace(/\|/g, "\\|").replace(/\n/g, "<br>");
}
