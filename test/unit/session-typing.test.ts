/**
 * Typing your own answer, through the whole key path (routeKey → reduce → the real pi-tui Editor), in
 * the legacy and the Kitty encoding: on the "Type something." row every key that types text opens the
 * draft with it and no shortcut fires; leaving the editor (Esc, Tab, Shift+Tab) keeps a non-empty
 * draft as the answer, and the model receives exactly what was typed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { CACHE, type Encoding, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

const encodings: Encoding[] = ["legacy", "kitty"];

/** A session with the "Type something." row of the first question focused (Up wraps to the last rows). */
function onTypeRow(questions: Question[], encoding: Encoding) {
	const h = startSession(questions);
	h.press(KEYS[encoding].up);
	if (questions[0]?.multiSelect) h.press(KEYS[encoding].up);
	return h;
}

describe.each(encodings)("typing on the Type something. row (%s)", (encoding) => {
	const k = KEYS[encoding];

	it("'2 nodes' is the draft; option 2 is not chosen and nothing is submitted", () => {
		const h = onTypeRow([CACHE], encoding);
		h.press(typed("2 nodes", encoding));
		expect(h.results).toEqual([]);
		expect(h.session.getState()).toMatchObject({ mode: "editing", drafts: ["2 nodes"], answers: [null] });
		h.press(k.enter);
		expect(h.result().answers).toEqual([
			{ questionIndex: 0, question: CACHE.question, kind: "custom", answer: "2 nodes" },
		]);
	});

	it("'nothing fits' is the draft, whole: n opens no note, j/k move nothing", () => {
		const h = onTypeRow([CACHE], encoding);
		h.press(typed("nothing fits, jk", encoding));
		expect(h.session.getState()).toMatchObject({ mode: "editing", drafts: ["nothing fits, jk"], notes: [""] });
		expect(h.screen()).toContain("nothing fits, jk");
	});

	it("the footer offers no n note on that row (n types there), and does on the options", () => {
		const h = onTypeRow([CACHE], encoding);
		expect(h.screen()).not.toContain("n note");
		h.press(k.down);
		expect(h.screen()).toContain("n note");
	});

	it("a capital first letter and a space as the first key are kept", () => {
		const h = onTypeRow([CACHE], encoding);
		h.press(typed(" Zed", encoding));
		expect(h.session.getState().drafts).toEqual([" Zed"]);
	});

	it("typing again on the row adds to the draft kept from before", () => {
		const h = onTypeRow([CACHE, PLATFORMS], encoding);
		h.press(typed("abc", encoding), k.escape, typed("d", encoding));
		expect(h.session.getState().drafts[0]).toBe("abcd");
	});

	it("on an option row keys stay commands: a digit chooses, a letter without a command does nothing", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(typed("x", encoding));
		expect(h.session.getState()).toMatchObject({ mode: "options", drafts: ["", ""], answers: [null, null] });
		h.press(typed("2", encoding));
		expect(h.session.getState().answers[0]).toEqual({ kind: "option", option: 1 });
	});

	it("any printable text typed on the row ends as exactly that draft, with no choice made (property)", () => {
		const key = fc.oneof(
			fc.constantFrom(..."0123456789jknqx ,.-_!?/"),
			fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
		);
		fc.assert(
			fc.property(fc.boolean(), fc.array(key, { minLength: 1, maxLength: 30 }), (multi, keys) => {
				const h = onTypeRow([multi ? PLATFORMS : CACHE, CACHE], encoding);
				const text = keys.join("");
				// Only text a person can type: no control characters (those are keys, not text).
				fc.pre(/^[^\x00-\x1f\x7f-\x9f]+$/u.test(text));
				for (const ch of keys) h.press(encoding === "legacy" ? ch : typed(ch, encoding));
				const state = h.session.getState();
				expect(state.mode).toBe("editing");
				// Exactly the text: the draft keeps what was typed, only the screen shows it sanitized.
				expect(state.drafts[0]).toBe(text);
				expect(state.answers).toEqual([null, null]);
				expect(state.checked[0]?.every((c) => !c)).toBe(true);
				expect(state.notes).toEqual(["", ""]);
				expect(h.results).toEqual([]);
			}),
			{ numRuns: 150 },
		);
	});
});

describe.each(encodings)("leaving the draft editor keeps the draft as the answer (%s)", (encoding) => {
	const k = KEYS[encoding];

	it.each([
		["Esc", "escape"],
		["Tab", "tab"],
		["Shift+Tab", "shiftTab"],
	] as const)("%s out of a draft, then Submit: the model gets the typed text", (_name, key) => {
		const h = onTypeRow([CACHE, PLATFORMS], encoding);
		h.press(typed("Valkey", encoding), k[key]);
		expect(h.session.getState().answers[0]).toEqual({ kind: "custom", text: "Valkey" });
		// To the Submit tab (from wherever the key left us), then Enter submits.
		while (h.session.getState().mode !== "submit") h.press(k.tab);
		h.press(k.enter);
		expect(h.result()).toMatchObject({
			outcome: "partial",
			answers: [{ questionIndex: 0, kind: "custom", answer: "Valkey" }],
		});
	});

	it("multi-select: Esc keeps the typed text beside the ticks", () => {
		const h = startSession([PLATFORMS, CACHE]);
		h.press(k.space, k.up, k.up, typed("BSD", encoding), k.escape);
		expect(h.session.getState().answers[0]).toEqual({ kind: "multi", options: [0], text: "BSD" });
	});

	it("erasing a typed answer and leaving takes it back; a chosen option stays", () => {
		const h = onTypeRow([CACHE, PLATFORMS], encoding);
		h.press(typed("ab", encoding), k.escape);
		h.press(k.enter, k.backspace, k.backspace, k.escape);
		expect(h.session.getState().answers[0]).toBeNull();
		// Down to the options, where a digit is a command again.
		h.press(k.down, typed("1", encoding));
		expect(h.session.getState().answers[0]).toEqual({ kind: "option", option: 0 });
	});

	it("the tab marker and the Submit page show a kept draft as answered", () => {
		const h = onTypeRow([CACHE, PLATFORMS], encoding);
		h.press(typed("Valkey", encoding), k.tab, k.tab);
		const screen = h.screen();
		expect(screen).toContain("✔ Cache");
		expect(screen).toContain('✔ Cache: "Valkey"');
	});

	it("an interrupted call keeps the draft being typed as the draft it is, never as an answer", () => {
		const h = onTypeRow([CACHE, PLATFORMS], encoding);
		h.press(typed("half", encoding));
		h.session.abort();
		expect(h.result()).toMatchObject({
			outcome: "interrupted",
			answers: [],
			drafts: [{ questionIndex: 0, text: "half" }],
		});
	});
});
