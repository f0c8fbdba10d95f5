/**
 * The hostile corpus laid into every model-supplied field of a questionnaire (and the user's typed
 * answers and notes), plus the two checks every hardening test applies: `expectsMarker` (the string
 * holds a control or bidi character, so the user must see a visible stand-in for it) and `MARKER`
 * (what such a stand-in looks like). Both are defined from the characters themselves, not from the
 * sanitizer's code, so a sanitizer that silently deleted controls would fail here.
 */
import type { Question, Questionnaire } from "../../../src/protocol/questions.ts";
import { HOSTILE_STRINGS, type HostileString } from "../../support/hostile-strings.ts";

/** Extra text every width and render test mixes in: CJK, emoji, a long word, line breaks of every kind. */
export const WIDTH_STRINGS: HostileString[] = [
	{ name: "cjk", text: "キャッシュ戦略を選んでください日本語中文한국어" },
	{ name: "emoji zwj", text: "👩‍💻🏳️‍🌈👍🏽 ship it 🚀🚀🚀" },
	{ name: "long word", text: "x".repeat(300) },
	{ name: "mixed line breaks", text: "one\ntwo\r\nthree\u2028four\tfive" },
];

/** The corpus the hardening suite uses: the shared hostile strings plus the width strings. */
export const CORPUS: HostileString[] = [...HOSTILE_STRINGS, ...WIDTH_STRINGS];

/** A model-supplied place a string can be put. */
export type ModelField =
	| "question"
	| "header"
	| "label"
	| "description"
	| "preview"
	| "preview code block"
	| "preview link";

/** Every model-supplied field the suite covers. */
export const MODEL_FIELDS: readonly ModelField[] = [
	"question",
	"header",
	"label",
	"description",
	"preview",
	"preview code block",
	"preview link",
];

/** A user-supplied place: what the user types (pasted into the editor) as an answer or a note. */
export type UserField = "typed answer" | "note" | "global note";

/** Every user-supplied field the suite covers. */
export const USER_FIELDS: readonly UserField[] = ["typed answer", "note", "global note"];

const ESC_FREE = "Plain second question?";

/**
 * A two-question questionnaire (so the tab bar and the Submit tab exist) with `text` in `field` of the
 * first question's first option (or the question itself) and plain text everywhere else. Labels are
 * prefixed so a hostile label never collides with a runtime control row or the other label.
 */
export function questionnaireWith(field: ModelField, text: string): Questionnaire {
	const first: Question = {
		question: field === "question" ? text : "Which approach should we take?",
		header: field === "header" ? text : "Approach",
		options: [
			{
				label: field === "label" ? `A ${text}` : "Alpha",
				description: field === "description" ? text : "The first way.",
				preview: previewFor(field, text),
			},
			{ label: "Beta", description: "The second way.", preview: "# Beta\n\nplain" },
		],
	};
	const second: Question = {
		question: ESC_FREE,
		header: "Second",
		multiSelect: true,
		options: [
			{ label: "One", description: "first" },
			{ label: "Two", description: "second" },
		],
	};
	return { questions: [first, second] };
}

/** `text` in every model-supplied field at once (two questions, the second multi-select). */
export function everyField(text: string): Questionnaire {
	const option = (n: number) => ({
		label: `${n} ${text}`,
		description: text,
		preview: previewFor("preview link", text),
	});
	return {
		questions: [
			{ question: text, header: text, options: [option(1), option(2)] },
			{ question: `${text}?`, header: `${text}2`, multiSelect: true, options: [option(3), option(4)] },
		],
	};
}

function previewFor(field: ModelField, text: string): string {
	switch (field) {
		case "preview":
			return text;
		case "preview code block":
			return `# Code\n\n\`\`\`bash\n${text}\n\`\`\`\n\nafter`;
		case "preview link":
			return `See [${text}](https://example.com/${text.slice(0, 40)}) and [docs](${text}).`;
		default:
			return "# Alpha\n\nplain preview";
	}
}

/** Controls and bidi controls: the characters whose presence must stay visible (DESIGN.md §6). */
const NEEDS_MARKER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

/**
 * True when `text` holds a control or bidi character the user must be shown a trace of. A lone CR is
 * not one: it is read as a line break (a space on one line), as pi-tui's editor and other tools do.
 */
export function expectsMarker(text: string): boolean {
	return NEEDS_MARKER.test(text);
}

/**
 * Visible text around a string the validator treats as blank (only controls, invisibles and spaces:
 * a question or header like that is rejected, a preview dropped), so it still reaches the screen.
 */
export function framed(text: string): string {
	return `[${text}]`;
}

/**
 * A visible stand-in: a control picture (␛ ␇ ␍ ␀ ␡ …), a `\x9b`-style or `\u202e`-style escape, or
 * U+FFFD. Markdown may style the backslash away from its escape, so `\u`/`\x` are matched loosely.
 */
export const MARKER = /[\u2400-\u2426\uFFFD]|\\x[0-9a-f]{2}|\\u[0-9a-f{]/;

/** `text` without SGR sequences (what is left is what the user reads). */
export function withoutSgr(text: string): string {
	return text.replace(/\x1b\[[0-9;:]*m/g, "");
}

/** Figures collected while the suite runs, printed at the end of each file for docs/reliability.md. */
export function report(name: string, figures: Record<string, number | string>): void {
	const parts = Object.entries(figures).map(([k, v]) => `${k}=${v}`);
	console.log(`[hardening] ${name}: ${parts.join(", ")}`);
}

/** Slots one questionnaire offers: 4 questions × (question, header, 4 × (label, description, preview)). */
const SLOTS_PER_QUESTIONNAIRE = 4 * (2 + 4 * 3);

/**
 * The whole corpus packed into as few full-size questionnaires (4 questions × 4 options) as it takes,
 * each string in one model field, cycling through the fields so every kind of field gets hostile text.
 * Questions and headers are framed (a blank one would be rejected); labels are numbered to stay
 * distinct; previews alternate between plain markdown, a code block and a link.
 */
export function packedQuestionnaires(strings: readonly string[] = CORPUS.map((s) => s.text)): Questionnaire[] {
	const out: Questionnaire[] = [];
	for (let start = 0; start < strings.length; start += SLOTS_PER_QUESTIONNAIRE) {
		let next = start;
		const take = () => strings[next++ % strings.length] ?? "";
		const questions: Question[] = [];
		for (let q = 0; q < 4; q++) {
			const question = `${q + 1}: ${framed(take())}?`;
			const header = `H${q + 1} ${take()}`;
			const options = [0, 1, 2, 3].map((o) => {
				const kind: ModelField = (["preview", "preview code block", "preview link"] as const)[(q + o) % 3] ?? "preview";
				return { label: `${q + 1}.${o + 1} ${take()}`, description: `d ${take()}`, preview: previewFor(kind, take()) };
			});
			questions.push({ question, header, multiSelect: q === 3, options });
		}
		out.push({ questions });
	}
	return out;
}
