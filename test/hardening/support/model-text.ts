/**
 * The check on what the model reads: a tool result's text may hold any user string, but only
 * JSON-quoted, with every control, bidi control, zero-width and line/paragraph separator written as an
 * escape, so a transcript, a log line or the model itself never meets a raw one. The one raw zero-width
 * character allowed is a joiner between two pictographs (👨‍💻): it is part of what the person typed.
 */

/** Raw characters the model-facing text must never contain (a joiner only between two pictographs). */
const RAW =
	/(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d|\u200d(?!\p{Extended_Pictographic})|[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\u{e0000}-\u{e007f}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/**
 * Throws when `text` carries a raw control, bidi, invisible or separator character, a tag character
 * (invisible "ASCII smuggling" text a model still reads), or a lone surrogate.
 */
export function assertModelTextSafe(text: string): void {
	const match = RAW.exec(text);
	if (match) {
		const at = match.index;
		const cp = (match[0].codePointAt(0) ?? 0).toString(16).padStart(4, "0");
		throw new Error(
			`model text has raw U+${cp} at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 30), at + 30))}`,
		);
	}
}
