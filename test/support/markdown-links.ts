/**
 * The links and images of a Markdown file, for checking that the ones a reader of the packed package
 * follows lead somewhere: relative paths must be files in the tarball, `#anchors` headings of the file.
 * Enough Markdown for our own files: inline links and images, reference definitions, `<img src>`, `<a
 * href>`; fenced code blocks and inline code are skipped.
 */
import { posix } from "node:path";

/** Every link target in `markdown`, in order, outside code. */
export function linkTargets(markdown: string): string[] {
	const prose = outsideFences(markdown).replace(/(`+)[^`\n]*?\1/g, "");
	const targets: string[] = [];
	const patterns = [
		/!?\[(?:[^\]\n]|\][^(\n])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
		/^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm,
		/<(?:img|a)\s[^>]*?(?:src|href)\s*=\s*"([^"]+)"/gi,
	];
	for (const pattern of patterns) for (const match of prose.matchAll(pattern)) targets.push(match[1] ?? "");
	return targets;
}

/** True for a target with a scheme (`https:`, `mailto:`) or a protocol-relative one: not ours to check. */
export function isExternal(target: string): boolean {
	return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");
}

/** GitHub's (and npm's) anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, "")
		.replace(/\s/g, "-");
}

/** The anchors of a file's `#` headings (outside code blocks). */
export function anchorsOf(markdown: string): Set<string> {
	const prose = outsideFences(markdown);
	return new Set([...prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => headingAnchor(m[1] ?? "")));
}

/**
 * What is broken among `file`'s links for a reader of the package holding `files` (paths from the
 * package root, `/`-separated): one line per relative link or image that is no packed file (nor a
 * folder of them), and per `#anchor` that is no heading of the file.
 */
export function brokenLinks(file: string, markdown: string, files: readonly string[]): string[] {
	const anchors = anchorsOf(markdown);
	const broken: string[] = [];
	for (const target of linkTargets(markdown)) {
		if (isExternal(target)) continue;
		const [path = "", anchor] = target.split("#", 2);
		if (path === "") {
			if (anchor !== undefined && !anchors.has(anchor)) broken.push(`${file}: ${target}: no such heading`);
			continue;
		}
		const resolved = posix.normalize(posix.join(posix.dirname(file), decodeURI(path))).replace(/\/$/, "");
		const packed = files.includes(resolved) || files.some((f) => f.startsWith(`${resolved}/`));
		if (!packed) broken.push(`${file}: ${target}: not in the package`);
	}
	return broken;
}

/** `markdown` with its fenced code blocks blanked out (a fence closes with at least as many of its marks). */
export function outsideFences(markdown: string): string {
	let fence: string | undefined;
	const kept = markdown.split("\n").map((line) => {
		const marks = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (fence === undefined) {
			fence = marks;
			return marks === undefined ? line : "";
		}
		const closes =
			marks !== undefined && marks[0] === fence[0] && marks.length >= fence.length && line.trim() === marks;
		if (closes) fence = undefined;
		return "";
	});
	return kept.join("\n");
}
