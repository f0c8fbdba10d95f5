/**
 * The dialog walker fits what it sends. Regression: strings went to the host uncapped, so a 10 MB question
 * became a 10.5 MB `select` title (and a 10 MB label, preview, typed answer or note the same in its row,
 * title or placeholder). Each piece of model or user text is now cut to its cap with "…" (titles.ts
 * DIALOG_CAPS) and every string sent has a backstop (a whole title at most 24,000 characters, as docs/reliability.md promises); what the model receives is
 * not cut here (its own budget applies later).
 */

import { describe, expect, it } from "vitest";
import { capText, DIALOG_CAPS } from "../../src/dialogs/host.ts";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import type { Question, Questionnaire } from "../../src/protocol/questions.ts";
import { SMALL_TARGETS_QUESTION } from "../support/questions.ts";
import { type Call, ScriptedHost, type Step } from "./rpc-fake-host.ts";

const MB10 = 10_000_000;
const huge = (word: string) => `${word} ${"x".repeat(MB10)}`;

const cache: Question = {
	question: huge("Which cache?"),
	header: huge("Cache"),
	options: [
		{ label: huge("Redis"), description: huge("Shared"), preview: huge("redis.conf") },
		{ label: "Memory", description: "Per process" },
	],
};
const targets = SMALL_TARGETS_QUESTION;
const FORM: Questionnaire = { questions: [cache, targets] };

/** Chooses the row that starts with `prefix`. */
const row =
	(prefix: string): Step =>
	(call: Call) =>
		call.kind === "select" ? call.options.find((o) => o.startsWith(prefix)) : undefined;

describe("the walker's dialogs with 10 MB strings", () => {
	it("every title, row and placeholder is fitted, cut with an ellipsis; the answers keep their text", async () => {
		const typed = huge("my own cache");
		const note = huge("a note");
		const host = new ScriptedHost([
			row("Show previews"),
			row("← Back"),
			row("Type something"),
			typed,
			row("Add a note"),
			note,
			row("Edit note"),
			note,
			row("Type something"),
			typed,
			// Typed text moves on to the review, as in the TUI; Edit shows it as a row.
			row("Edit Targets"),
			row("Done"),
			row("Submit"),
		]);
		const result = await walkQuestionnaire(FORM, host, { host: "rpc" });
		expect(host.remaining).toBe(0);
		expect(result.outcome).toBe("answered");
		expect(result.answers[0]?.answer).toBe(typed.trim());
		expect(result.answers[1]?.notes).toBe(note.trim());

		for (const call of host.calls) {
			expect(call.title.length).toBeLessThanOrEqual(24_000);
			if (call.kind === "select") for (const option of call.options) expect(option.length).toBeLessThanOrEqual(1_000);
			else expect(call.placeholder?.length ?? 0).toBeLessThanOrEqual(DIALOG_CAPS.typed + 1);
		}
		const [first, previews] = host.calls;
		const typeInput = host.calls.find((c) => c.kind === "input");
		// The question title: the header and question cut to their caps, each marked.
		expect(first?.title.length).toBeLessThan(DIALOG_CAPS.header + DIALOG_CAPS.question + 50);
		expect(first?.title).toContain(`Cache ${"x".repeat(DIALOG_CAPS.header - 6)}…`);
		expect(first?.kind === "select" && first.options[0]).toBe(
			`1. ${capText(cache.options[0]?.label ?? "", DIALOG_CAPS.label)} — ${capText(
				cache.options[0]?.description ?? "",
				DIALOG_CAPS.description,
			)}`,
		);
		expect(previews?.title.length).toBeLessThan(DIALOG_CAPS.preview + DIALOG_CAPS.label + 200);
		expect(previews?.title.endsWith("…")).toBe(true);
		expect(typeInput?.kind).toBe("input");
		expect(typeInput?.title.length).toBeLessThan(DIALOG_CAPS.header + DIALOG_CAPS.question + 80);
		// The note's second input shows the note as its placeholder: cut too.
		const noteInput = host.calls.filter((c) => c.kind === "input" && c.title.includes("note")).at(-1);
		expect(noteInput?.kind === "input" ? noteInput.placeholder : undefined).toMatch(/^a note x+…$/);
		// The review names each answer and note, cut.
		const review = host.calls.at(-1);
		expect(review?.title.length).toBeLessThan(2 * DIALOG_CAPS.header + 3 * DIALOG_CAPS.typed + 200);
	});

	it("text under the caps is shown whole, and a cut never splits a grapheme", () => {
		expect(capText("Redis", DIALOG_CAPS.label)).toBe("Redis");
		// Five code points, one grapheme: kept whole or not at all.
		const family = "👨‍👩‍👧";
		expect(capText(`aaaa${family}tail`, 6)).toBe("aaaa…");
		expect(capText(`aaaa${family}tail`, 9)).toBe(`aaaa${family}…`);
	});
});
