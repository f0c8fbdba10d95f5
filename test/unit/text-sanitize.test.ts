/** Untrusted text → terminal-safe text: every hostile string is neutralized visibly, benign text passes unchanged. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAFE_RANGES } from "../../src/text/code-point-classes.ts";
import { sanitizeBlock, sanitizeInline } from "../../src/text/sanitize.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";

/** Characters that must each leave a visible marker (lone CR counts; CRLF and tabs are normalized instead). */
const MUST_SHOW =
	/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|[؜\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u3164]|[\uD800-\uDFFF]/gu;
/** Visible stand-ins: control pictures, `\x9b`, `\u202e` / `\u{e0041}`, U+FFFD. */
const MARKER = /[\u2400-\u2421]|\\x[89][0-9a-f]|\\u(?:[0-9a-f]{4}|\{[0-9a-f]+\})|\uFFFD/g;
const count = (re: RegExp, text: string) => text.match(re)?.length ?? 0;
/** Combining marks kept per run (sanitize.ts): enough for Vietnamese and pointed Hebrew, too few for Zalgo. */
const MAX_COMBINING_MARKS = 6;

const BENIGN = [
	"Hello, world! (a) [b] {c} <d> ~`'\"",
	"日本語のテキスト、中文，한국어",
	"café crème, cafe\u0301 (decomposed), Tiê\u0301ng Viê\u0323t",
	"שָׁלוֹם עוֹלָם and مرحبا بالعالم",
	"ภาษาไทย, हिन्दी, क्\u200Dष, ক্\u200Cষ, می\u200Cخواهم",
	"👩‍💻 🏳️‍🌈 🏳️‍⚧️ 👨‍👩‍👧‍👦 🧑🏽‍🤝‍🧑🏻 ❤️‍🔥 🐈‍⬛ 🏃‍➡️",
	"👍🏽 ✌🏿 ❤️ 1️⃣ #️⃣ 🇺🇸 🇯🇵 🏴󠁧󠁢󠁥󠁮󠁧󠁿 🏴󠁧󠁢󠁳󠁣󠁴󠁿",
	"≩︀ 葛󠄀 math and ideographic variants",
	`e${"\u0301".repeat(MAX_COMBINING_MARKS)} (as many marks as allowed)`,
	"한글 \u1100\u1161\u11A8 (a conjoining syllable)",
	"Private use \uE0A0 and NBSP\u00A0and ideographic\u3000space",
];

describe("sanitize: hostile corpus", () => {
	it("has at least 60 uniquely named entries", () => {
		expect(HOSTILE_STRINGS.length).toBeGreaterThanOrEqual(60);
		expect(new Set(HOSTILE_STRINGS.map((h) => h.name)).size).toBe(HOSTILE_STRINGS.length);
	});

	for (const { name, text } of HOSTILE_STRINGS) {
		it(`neutralizes visibly: ${name}`, () => {
			const block = sanitizeBlock(text);
			const inline = sanitizeInline(text);
			assertTerminalSafe(block, false, true);
			assertTerminalSafe(inline, false, false);
			expect(block).not.toBe(text);
			expect(inline).not.toBe(text);
			const needed = count(MUST_SHOW, text);
			expect(count(MARKER, block)).toBeGreaterThanOrEqual(needed);
			expect(count(MARKER, inline)).toBeGreaterThanOrEqual(needed);
		});
	}

	it("is idempotent on its own output", () => {
		for (const { text } of HOSTILE_STRINGS) {
			const block = sanitizeBlock(text);
			const inline = sanitizeInline(text);
			expect(sanitizeBlock(block)).toBe(block);
			expect(sanitizeInline(inline)).toBe(inline);
		}
	});
});

describe("assertTerminalSafe", () => {
	it("rejects every raw hostile string that carries a control, bidi or invisible character", () => {
		const raw = HOSTILE_STRINGS.filter((h) => count(MUST_SHOW, h.text) > 0);
		expect(raw.length).toBeGreaterThan(50);
		// allowSgr = false: the check cannot tell our SGR from an SGR that came in with untrusted text.
		for (const { name, text } of raw) expect(() => assertTerminalSafe(text, false), name).toThrow(/not terminal-safe/);
	});

	it("allows our styling and pi-tui's own sequences, and nothing else", () => {
		assertTerminalSafe("\x1b[1;38;2;1;2;3mbold\x1b[0m \x1b[4:3mcurly\x1b[24m");
		assertTerminalSafe("line\x1b[0m\x1b]8;;\x07");
		assertTerminalSafe("a\x1b_pi:c\x07b\x1b_pi:fc\x07c\x1b_pi:/fc\x07");
		assertTerminalSafe("👩‍💻 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\nnext");
		expect(() => assertTerminalSafe("\x1b]8;;http://evil\x07x\x1b]8;;\x07")).toThrow(/escape/);
		expect(() => assertTerminalSafe("\x1b[2J")).toThrow(/escape/);
		expect(() => assertTerminalSafe("\x1b[31m", false)).toThrow(/escape/);
		expect(() => assertTerminalSafe("a\nb", true, false)).toThrow(/newline/);
		expect(() => assertTerminalSafe("a\tb")).toThrow(/C0/);
		expect(() => assertTerminalSafe("x\u{E0041}")).toThrow(/tag/);
	});
});

describe("sanitize: benign text", () => {
	for (const text of BENIGN) {
		it(`passes unchanged: ${text.slice(0, 30)}`, () => {
			expect(sanitizeBlock(text)).toBe(text);
			expect(sanitizeInline(text)).toBe(text);
		});
	}

	it("keeps newlines in blocks and turns them into spaces inline", () => {
		expect(sanitizeBlock("a\nb\r\nc\u2028d\u2029e")).toBe("a\nb\nc\nd\ne");
		expect(sanitizeInline("a\nb\r\nc\u2028d\u2029e")).toBe("a b c d e");
	});
});

describe("sanitize: exact renderings", () => {
	it.each([
		["\x1b[2J", "␛[2J"],
		["\x1b]0;title\x07", "␛]0;title␇"],
		["\x1b]52;c;aGk=\x1b\\", "␛]52;c;aGk=␛\\"],
		["\x9b2J", "\\x9b2J"],
		["\x00\x08\x7f", "␀␈␡"],
		["x\u202Ey", "x\\u202ey"],
		["\u200B", "\\u200b"],
		["x\u{E0041}", "x\\u{e0041}"],
		["\uD800x\uDC00", "\uFFFDx\uFFFD"],
	])("%j → %j", (input, expected) => {
		expect(sanitizeBlock(input)).toBe(expected);
		expect(sanitizeInline(input)).toBe(expected);
	});

	it("reads a lone CR as a line break, as CRLF: a space inline; every other C0 control stays visible", () => {
		expect(sanitizeBlock("a\rb\r\nc")).toBe("a\nb\nc");
		expect(sanitizeInline("a\rb\r\nc")).toBe("a b c");
		expect(sanitizeInline("harmless answer\rEVIL")).toBe("harmless answer EVIL");
		expect(sanitizeInline("a\x0bb\x0cc\x0ed")).toBe("a␋b␌c␎d");
	});

	it("keeps the rest of the text after an unterminated OSC, newlines included", () => {
		expect(sanitizeBlock("\x1b]0;one\ntwo\nthree")).toBe("␛]0;one\ntwo\nthree");
	});

	it("caps combining marks per run and marks the cut", () => {
		const out = sanitizeBlock(`e${"\u0301".repeat(500)}x`);
		expect(out).toBe(`e${"\u0301".repeat(MAX_COMBINING_MARKS)}\uFFFDx`);
	});

	it("keeps ZWJ only in RGI emoji sequences and between letters of joining scripts", () => {
		expect(sanitizeBlock("👩‍💻")).toBe("👩‍💻");
		expect(sanitizeBlock("👨‍🦲‍🦰")).toBe("👨\\u200d🦲\\u200d🦰");
		expect(sanitizeBlock("Ye\u200Ds")).toBe("Ye\\u200ds");
		expect(sanitizeBlock("\u200D")).toBe("\\u200d");
		expect(sanitizeBlock("👩\u200Da")).toBe("👩\\u200da");
		expect(sanitizeBlock("क्\u200Dष")).toBe("क्\u200Dष");
		expect(sanitizeBlock("क्\u200D्\u200D्")).toBe("क्\\u200d्\\u200d्");
	});

	it("keeps one variation selector after a base and shows the rest", () => {
		expect(sanitizeBlock("❤️")).toBe("❤️");
		expect(sanitizeBlock("😀\uFE0F\uFE01")).toBe("😀\uFE0F\\ufe01");
		expect(sanitizeBlock("\uFE0Fa")).toBe("\\ufe0fa");
		expect(sanitizeBlock(" \uFE0F")).toBe(" \\ufe0f");
	});

	it("keeps skin tones on a modifier base or alone at a line start, shows them elsewhere", () => {
		expect(sanitizeBlock("👍🏽")).toBe("👍🏽");
		expect(sanitizeBlock("🏽\n🏽")).toBe("🏽\n🏽");
		expect(sanitizeInline("a\n🏽")).toBe("a \\u{1f3fd}");
		expect(sanitizeBlock("a🏽")).toBe("a\\u{1f3fd}");
	});

	it("keeps tag characters only in RGI flags", () => {
		const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
		expect(sanitizeBlock(england)).toBe(england);
		expect(sanitizeBlock("🏴\u{E0078}\u{E007F}")).toBe("🏴\\u{e0078}\\u{e007f}");
	});

	it("keeps well-formed conjoining jamo syllables and shows malformed runs", () => {
		expect(sanitizeBlock("\u1100\u1161")).toBe("\u1100\u1161");
		expect(sanitizeBlock("\u1100\u1100\u1100")).toBe("\\u1100\\u1100\\u1100");
	});

	it("expands block tabs to 4-column stops measured in terminal columns; inline tabs become one space", () => {
		expect(sanitizeBlock("a\tb")).toBe("a   b");
		expect(sanitizeBlock("\tx\n\ty")).toBe("    x\n    y");
		expect(sanitizeBlock("日本\tx")).toBe("日本    x");
		expect(sanitizeBlock("abcd\tx")).toBe("abcd    x");
		expect(sanitizeInline("a\tb")).toBe("a b");
	});

	it("escapes code points in the BMP and beyond", () => {
		expect(sanitizeInline("a\u202eb")).toBe("a\\u202eb");
		expect(sanitizeInline("a\u061cb")).toBe("a\\u061cb");
		expect(sanitizeInline("a\u{e0041}b")).toBe("a\\u{e0041}b");
	});
});

describe("sanitize: properties", () => {
	const anyText = fc.oneof(
		fc.string({ unit: "binary", maxLength: 200 }),
		fc.string({ unit: "grapheme", maxLength: 100 }),
		fc
			.array(fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text), "a", "日", "👩‍💻", "\u0301", "\n", "\t"), {
				maxLength: 8,
			})
			.map((parts) => parts.join("")),
	);

	it("any string comes out terminal-safe and sanitizing twice changes nothing", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const block = sanitizeBlock(text);
				const inline = sanitizeInline(text);
				assertTerminalSafe(block, false, true);
				assertTerminalSafe(inline, false, false);
				expect(sanitizeBlock(block)).toBe(block);
				expect(sanitizeInline(inline)).toBe(inline);
			}),
			{ numRuns: 500 },
		);
	});
});

/** Every code point of SAFE_RANGES, as strings. */
function safeCharacters(): string[] {
	const out: string[] = [];
	for (const [, from, to] of SAFE_RANGES.matchAll(/\\[xu]([0-9a-f]+)-\\[xu]([0-9a-f]+)/g)) {
		for (let cp = Number.parseInt(from ?? "", 16); cp <= Number.parseInt(to ?? "", 16); cp++)
			out.push(String.fromCodePoint(cp));
	}
	return out;
}

describe("sanitize: the fast path", () => {
	const safe = safeCharacters();

	it("covers the ranges it names (ASCII, Latin, punctuation, kana, ideographs, Hangul syllables)", () => {
		expect(safe.length).toBeGreaterThan(30_000);
		expect(safe).toContain("é");
		expect(safe).toContain("—");
		expect(safe).toContain("漢");
		expect(safe).toContain("한");
		expect(safe).not.toContain("\u00ad");
		expect(safe).not.toContain("\u200b");
		expect(safe).not.toContain("\u3099");
	});

	it("takes only characters the full scan leaves alone: each one, next to a control that forces the scan", () => {
		// The control makes the text leave the fast path; the safe character must come out unchanged.
		for (const ch of safe) {
			expect(sanitizeInline(`${ch}\x00${ch}`), `U+${ch.codePointAt(0)?.toString(16)}`).toBe(`${ch}\u2400${ch}`);
			expect(sanitizeBlock(`${ch}\x07\n${ch}`)).toBe(`${ch}\u2407\n${ch}`);
		}
	});

	it("gives what the full scan gives for any string of safe characters (property)", () => {
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...safe, " ", "\n"), { maxLength: 40 }), (chars) => {
				const text = chars.join("");
				expect(sanitizeBlock(`${text}\x01`)).toBe(`${text}\u2401`);
				expect(sanitizeInline(`${text}\x01`)).toBe(`${text.replaceAll("\n", " ")}\u2401`);
				expect(sanitizeBlock(text)).toBe(text);
				expect(sanitizeInline(text.replaceAll("\n", " "))).toBe(text.replaceAll("\n", " "));
			}),
			{ numRuns: 2_000 },
		);
	});
});

// Blow-up guards, not speed figures (those are in `npm run bench`): catastrophic backtracking over 1 MB
// would run for minutes and fail these through the test timeout; the linear scan takes tens of milliseconds.
describe("sanitize: 1 MB inputs (the timeout is the guard)", () => {
	const megabyte = (unit: string) => unit.repeat(Math.ceil(2 ** 20 / unit.length)).slice(0, 2 ** 20);
	const corpus = HOSTILE_STRINGS.map((h) => h.text).join("\n");

	it("sanitizes 1 MB of mixed hostile text", { timeout: 20_000 }, () => {
		const text = megabyte(corpus);
		assertTerminalSafe(sanitizeBlock(text), false, true);
		assertTerminalSafe(sanitizeInline(text), false, false);
	});

	it.each([
		["escape introducers", megabyte("\x1b]")],
		["combining marks", `e${megabyte("\u0301")}`],
		["variation selectors", `😀${megabyte("\uFE01")}`],
		["emoji joined by ZWJ", `👩${megabyte("\u200D👩")}`],
		["conjoining jamo", megabyte("\u1100")],
		["tabs", megabyte("\t")],
		["plain prose with CJK", megabyte("hello world 日本語 ")],
	])("sanitizes 1 MB of %s", { timeout: 20_000 }, (_name, text) => {
		assertTerminalSafe(sanitizeBlock(text), false, true);
	});
});
