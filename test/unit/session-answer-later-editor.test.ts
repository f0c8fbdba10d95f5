/**
 * Answer later from the editors. Regression: Ctrl+L inside the draft editor did nothing (the key went to
 * the editor), so a person typing their own answer had to leave the editor first; and no question tab
 * ever hinted the key. Now Ctrl+L (`keys.answerLater`) puts the questionnaire aside from the draft and
 * note editors with what was typed kept, and question tabs and editors show the hint where the footer
 * has room for it, without pushing another hint out.
 */
import { describe, expect, it } from "vitest";
import { FooterBar } from "../../src/tui/view/footer-bar.ts";
import { plainViewTheme } from "../support/plain-theme.ts";
import { CACHE, type Encoding, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

const HINT = "Ctrl+L answer later";

describe.each(["legacy", "kitty"] as Encoding[])("Ctrl+L in the editors (%s keys)", (encoding) => {
	const k = KEYS[encoding];

	it("from the draft editor: put aside, the typed text kept", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(k.up);
		h.press(typed("Memcached", encoding));
		expect(h.session.getState().mode).toBe("editing");
		h.press(k.ctrlL);
		const result = h.result();
		expect(result.outcome).toBe("deferred");
		const kept = [...result.answers.map((a) => a.answer), ...(result.drafts ?? []).map((d) => d.text)];
		expect(kept).toEqual(["Memcached"]);
	});

	it("from the note editor: put aside, the note kept", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(typed("n", encoding));
		expect(h.session.getState().mode).toBe("notes");
		h.press(typed("ask ops", encoding));
		h.press(k.ctrlL);
		const result = h.result();
		expect(result.outcome).toBe("deferred");
		expect(result.questionNotes?.map((n) => n.notes)).toEqual(["ask ops"]);
	});
});

describe("the Answer later hint", () => {
	it("shows on a question tab and in the draft editor where the terminal is wide enough", () => {
		const h = startSession([CACHE, PLATFORMS], { columns: 140 });
		expect(h.lines().at(-2)).toContain(HINT);
		h.press(KEYS.legacy.up, "x");
		expect(h.session.getState().mode).toBe("editing");
		expect(h.lines().at(-2)).toContain(HINT);
	});

	it("where it does not fit, it leaves the line as it was (no hint pushed out, no …)", () => {
		const h = startSession([CACHE, PLATFORMS], { columns: 100 });
		const footer = h.lines().at(-2) ?? "";
		expect(footer).not.toContain(HINT);
		expect(footer.endsWith("Esc decline · Ctrl+] hide")).toBe(true);
	});

	it("FooterBar drops optional hints first and silently, then required ones with …", () => {
		const hints = [
			{ keys: "Enter", label: "select" },
			{ keys: "Esc", label: "cancel" },
			{ keys: "Ctrl+L", label: "answer later", optional: true },
		];
		const bar = (width: number) => new FooterBar(plainViewTheme, { hints }).render(width)[0];
		expect(bar(60)).toBe("Enter select · Esc cancel · Ctrl+L answer later");
		expect(bar(40)).toBe("Enter select · Esc cancel");
		expect(bar(20)).toBe("Enter select · …");
	});
});
