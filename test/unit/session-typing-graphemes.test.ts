/**
 * Emoji, joiners, selectors, decomposed Hangul, CJK and combining marks typed into the questionnaire
 * reach the answer exactly and show whole on screen, however the terminal delivers them: a code point
 * per key (legacy bytes or Kitty CSI-u), a UTF-16 unit per input event (what pi-tui's input buffer
 * hands on), or a bracketed paste, whole or in chunks cut anywhere. Through the whole session (routeKey
 * → reduce → the real pi-tui Editor → the view), for the draft, a question's note and the overall note.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunked, type Piecing, pieces, TYPED_SAMPLES, typeableText } from "../support/graphemes.ts";
import { CACHE, type Encoding, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

const P0 = "\x1b[200~";
const P1 = "\x1b[201~";

/** How the text reaches the session. */
type Delivery = { kind: "keys"; encoding: Encoding; piecing: Piecing } | { kind: "paste"; cuts: readonly number[] };

const deliveries: fc.Arbitrary<Delivery> = fc.oneof(
	fc.constantFrom<Delivery>(
		{ kind: "keys", encoding: "legacy", piecing: "codePoints" },
		{ kind: "keys", encoding: "legacy", piecing: "units" },
		{ kind: "keys", encoding: "kitty", piecing: "codePoints" },
	),
	fc.array(fc.nat({ max: 200 }), { maxLength: 4 }).map((cuts): Delivery => ({ kind: "paste", cuts })),
);

/** The input events that deliver `text`. */
function events(text: string, delivery: Delivery): string[] {
	if (delivery.kind === "keys")
		return delivery.encoding === "kitty" ? typed(text, "kitty") : pieces(text, delivery.piecing);
	const parts = chunked(text, delivery.cuts);
	if (parts.length === 0) return [`${P0}${P1}`];
	return parts.map((part, i) => `${i === 0 ? P0 : ""}${part}${i === parts.length - 1 ? P1 : ""}`);
}

const describeDelivery = (d: Delivery) => (d.kind === "keys" ? `${d.encoding} ${d.piecing}` : `paste cut at ${d.cuts}`);

/** A wide session, so a typed line is never wrapped and can be read back from one screen line. */
const wideSession = () => startSession([CACHE, PLATFORMS], { columns: 200 });

/** The screen shows the text whole and no stand-in: no U+FFFD, no `\u` escape. */
function expectShownWhole(screen: string, text: string): void {
	expect(screen).toContain(text);
	expect(screen).not.toMatch(/\uFFFD|\\u[0-9a-f]{4}|\\u\{/);
}

describe("typed emoji, jamo and CJK reach the answer exactly", () => {
	it("the issue's text, typed a UTF-16 unit at a time on the Type something. row, is the answer", () => {
		const text = `ok ${TYPED_SAMPLES.skinTone} ${TYPED_SAMPLES.zwj} ${TYPED_SAMPLES.variationSelector} ${TYPED_SAMPLES.hangulLV} 日本語`;
		const h = wideSession();
		h.press(KEYS.legacy.up, pieces(text, "units"));
		expect(h.session.getState().drafts[0]).toBe(text);
		expectShownWhole(h.screen(), text);
		h.press(KEYS.legacy.enter);
		expect(h.session.getState().answers[0]).toEqual({ kind: "custom", text });
	});

	it("the draft, delivered any way a terminal may, is exactly the typed text and is shown whole (property)", () => {
		fc.assert(
			fc.property(typeableText(), deliveries, (text, delivery) => {
				const h = wideSession();
				h.press(KEYS.legacy.up, events(text, delivery));
				const state = h.session.getState();
				expect(state.mode, describeDelivery(delivery)).toBe("editing");
				expect(state.drafts[0], describeDelivery(delivery)).toBe(text);
				expectShownWhole(h.screen(), text);
				h.session.abort();
				// Cut short in the editor, the text comes back exactly, as the draft it still is.
				expect(h.result().drafts).toEqual([{ questionIndex: 0, question: CACHE.question, text }]);
			}),
			{ numRuns: 150 },
		);
	});

	it("a question's note keeps it exactly (property)", () => {
		fc.assert(
			fc.property(typeableText(), deliveries, (text, delivery) => {
				const h = wideSession();
				h.press("n", events(text, delivery));
				expect(h.session.getState()).toMatchObject({ mode: "notes", notes: [text, ""] });
				expectShownWhole(h.screen(), text);
				h.press(KEYS.legacy.enter);
				expect(h.session.getState().notes[0]).toBe(text);
				h.session.abort();
				expect(h.result().questionNotes).toEqual([{ questionIndex: 0, question: CACHE.question, notes: text }]);
			}),
			{ numRuns: 60 },
		);
	});

	it("the overall note on the Submit tab keeps it exactly (property)", () => {
		fc.assert(
			fc.property(typeableText(), deliveries, (text, delivery) => {
				const h = wideSession();
				while (h.session.getState().mode !== "submit") h.press(KEYS.legacy.tab);
				h.press("n", events(text, delivery));
				expect(h.session.getState()).toMatchObject({ mode: "notes", globalNote: text });
				expectShownWhole(h.screen(), text);
				h.press(KEYS.legacy.enter);
				h.session.abort();
				expect(h.result().globalNote).toBe(text);
			}),
			{ numRuns: 60 },
		);
	});

	it("editing keeps clusters whole: Backspace removes one grapheme, typing goes on after it", () => {
		const h = wideSession();
		h.press(KEYS.legacy.up, pieces(`a${TYPED_SAMPLES.zwj}${TYPED_SAMPLES.skinTone}`, "units"));
		h.press(KEYS.legacy.backspace);
		expect(h.session.getState().drafts[0]).toBe(`a${TYPED_SAMPLES.zwj}`);
		h.press(pieces(TYPED_SAMPLES.hangulLVT, "codePoints"));
		expect(h.session.getState().drafts[0]).toBe(`a${TYPED_SAMPLES.zwj}${TYPED_SAMPLES.hangulLVT}`);
		expectShownWhole(h.screen(), `a${TYPED_SAMPLES.zwj}${TYPED_SAMPLES.hangulLVT}`);
	});

	it("typed or pasted controls never reach the screen raw, and typed text beside them stays whole", () => {
		const h = wideSession();
		const text = `${TYPED_SAMPLES.zwj}\u202e\x9b${TYPED_SAMPLES.hangulLV}`;
		h.press(KEYS.legacy.up, pieces(text, "units"), `${P0}\x1b]52;c;aGk=\x07${P1}`);
		// Typed as it came; the pasted ESC and BEL, which the Editor would drop, kept as control pictures.
		expect(h.session.getState().drafts[0]).toBe(`${text}␛]52;c;aGk=␇`);
		const screen = h.screen();
		expect(screen).not.toMatch(/[\u202e\x9b]|\x1b\]52/);
		expect(screen).toContain(`${TYPED_SAMPLES.zwj}\\u202e\\x9b${TYPED_SAMPLES.hangulLV}␛]52;c;aGk=␇`);
	});
});
