/**
 * What a notification says (src/notify/sequence.ts): the question, or the headers, sanitized and cut to a
 * number of graphemes; and the safety of the bytes: whatever the model wrote, the notification is exactly
 * one sequence of the chosen kind, which nothing inside ends early, and no control of the model's reaches
 * the terminal (the hostile corpus, then a fast-check property over arbitrary and hostile text).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NotificationPlan } from "../../src/notify/method.ts";
import { askedLine, askedSubject, notificationSequence, notificationText } from "../../src/notify/sequence.ts";
import { graphemeSegmenter } from "../../src/util/graphemes.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

const ESC = "\x1b";
/** docs/notifications.md: the question is "cut to 120 graphemes". */
const BODY_MAX_GRAPHEMES = 120;
/** The title ("Pi asks you a question") keeps half that. */
const TITLE_MAX_GRAPHEMES = 60;
const graphemes = (text: string) => [...graphemeSegmenter().segment(text)].length;

/**
 * Splits a notification into its frame and payloads, or throws: the payload between the fixed start and
 * the one terminator at the very end must hold no ESC, BEL, C0 or C1 (so it cannot end the OSC or start
 * another sequence) — and, wrapped for tmux, the inner sequence is the same once its doubled ESCs are undone.
 */
function payloads(sequence: string, plan: NotificationPlan): string[] {
	let inner = sequence;
	if (plan.tmux && plan.method !== "bell") {
		expect(sequence.startsWith(`${ESC}Ptmux;`)).toBe(true);
		expect(sequence.endsWith(`${ESC}\\`)).toBe(true);
		const body = sequence.slice(`${ESC}Ptmux;`.length, -2);
		// Every ESC inside is doubled: no lone ESC can end the passthrough early.
		expect(body.replaceAll(`${ESC}${ESC}`, "")).not.toContain(ESC);
		inner = body.replaceAll(`${ESC}${ESC}`, ESC);
	}
	const method: NotificationPlan["method"] = plan.method;
	switch (method) {
		case "bell":
			expect(inner).toBe("\x07");
			return [];
		case "osc777":
		case "osc9": {
			const start = method === "osc777" ? `${ESC}]777;notify;` : `${ESC}]9;`;
			expect(inner.startsWith(start)).toBe(true);
			expect(inner.endsWith("\x07")).toBe(true);
			const payload = inner.slice(start.length, -1);
			if (method === "osc9") expect(payload).not.toMatch(/^\d/);
			if (method === "osc777") expect(payload).toContain(";");
			return [payload];
		}
		case "osc99": {
			const chunks = inner.split(`${ESC}\\`);
			expect(chunks.at(-1)).toBe("");
			expect(chunks).toHaveLength(3);
			return chunks.slice(0, 2).map((chunk) => {
				const match = /^\x1b\]99;i=[\w-]+:d=[01]:o=unfocused:e=1:p=(?:title|body);([A-Za-z0-9+/=]*)$/.exec(chunk);
				expect(match, JSON.stringify(chunk)).not.toBeNull();
				return Buffer.from(match?.[1] ?? "", "base64").toString("utf8");
			});
		}
	}
}

const PLANS: NotificationPlan[] = (["osc777", "osc9", "osc99", "bell"] as const).flatMap((method) => [
	{ method, tmux: false },
	{ method, tmux: true },
]);

function checkSafe(title: string, body: string): void {
	const text = notificationText(title, body);
	expect(graphemes(text.body)).toBeLessThanOrEqual(BODY_MAX_GRAPHEMES);
	expect(graphemes(text.title)).toBeLessThanOrEqual(TITLE_MAX_GRAPHEMES);
	for (const plan of PLANS) {
		for (const payload of payloads(notificationSequence(plan, text), plan)) {
			assertTerminalSafe(payload, false, false);
			expect(payload).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
		}
	}
}

describe("what the notification says", () => {
	it("one question: its text; several: their headers", () => {
		expect(askedSubject({ questions: [CACHE_QUESTION] })).toBe(CACHE_QUESTION.question);
		expect(askedSubject({ questions: [CACHE_QUESTION, PLATFORM_QUESTION] })).toBe(
			`${CACHE_QUESTION.header} · ${PLATFORM_QUESTION.header}`,
		);
		expect(askedSubject({ questions: [CACHE_QUESTION, { ...PLATFORM_QUESTION, header: " " }] })).toBe(
			`${CACHE_QUESTION.header} · ${PLATFORM_QUESTION.question}`,
		);
	});

	it("is one line: line breaks and tabs become spaces, runs of them one", () => {
		expect(notificationText("Which\n\n  database\tfor\r\nthe cache?", " Pick\tone ")).toEqual({
			title: "Which database for the cache?",
			body: "Pick one",
		});
	});

	it("is cut by graphemes, never inside one, ending in an ellipsis", () => {
		const family = "👩‍👩‍👧‍👦";
		const decomposed = "é".normalize("NFD");
		expect(notificationText(decomposed.repeat(200), family.repeat(200))).toEqual({
			title: `${decomposed.repeat(TITLE_MAX_GRAPHEMES - 1)}…`,
			body: `${family.repeat(BODY_MAX_GRAPHEMES - 1)}…`,
		});
		const long = askedLine({ questions: [{ ...CACHE_QUESTION, question: "word ".repeat(100) }] });
		expect(graphemes(long)).toBe(BODY_MAX_GRAPHEMES);
		expect(long.endsWith("…")).toBe(true);
		const exact = "x".repeat(BODY_MAX_GRAPHEMES);
		expect(notificationText("short", exact)).toEqual({ title: "short", body: exact });
	});

	it("shows the model's controls as harmless stand-ins, never as controls", () => {
		const fitted = notificationText("", `Pick one${ESC}]0;pwned\x07\x9b2J\u202E`).body;
		expect(fitted).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e]/);
		expect(fitted.startsWith("Pick one")).toBe(true);
	});

	it("a title with ';' cannot move OSC 777's split; a text starting with a digit is not an OSC 9 subcommand", () => {
		const text = { title: "a;b", body: "c;d" };
		expect(notificationSequence({ method: "osc777", tmux: false }, text)).toBe(`${ESC}]777;notify;a,b;c;d\x07`);
		expect(notificationSequence({ method: "osc9", tmux: false }, { title: "", body: "4;3;100" })).toBe(
			`${ESC}]9; 4;3;100\x07`,
		);
	});
});

describe("hostile model text never escapes the notification", () => {
	it.each(HOSTILE_STRINGS)("$name", ({ text }) => {
		checkSafe("Pi asks you a question", text);
		checkSafe(text, text);
		const asked = askedLine({ questions: [{ ...CACHE_QUESTION, question: text }] });
		assertTerminalSafe(asked, false, false);
	});

	it("for any text, hostile pieces included (property)", () => {
		const hostile = fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text));
		const piece = fc.oneof(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), hostile);
		const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
		fc.assert(
			fc.property(text, text, (title, body) => {
				checkSafe(title, body);
			}),
			{ numRuns: 300 },
		);
	});
});
