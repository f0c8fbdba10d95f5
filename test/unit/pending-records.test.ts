/**
 * The record format: `asked` holds the questions once, `progress` holds what changed as a patch (typed text
 * as an edit), `settled` ends it. Restoring after every kind of end (a call that never returned, one put
 * aside, one settled), corrupt and foreign records skipped and counted, never a throw; patches always add
 * up to exactly the progress that was recorded (property, printed seed on failure).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diffProgress } from "../../src/pending/progress-patch.ts";
import {
	askedRecord,
	progressRecord,
	type SessionEntryLike,
	settledRecord,
	substituteRecord,
} from "../../src/pending/records.ts";
import { restorePending } from "../../src/pending/restore.ts";
import { emptyProgress, type Progress } from "../../src/protocol/progress.ts";
import { clone, ours, progressWith, questionnaire } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION } from "../support/questions.ts";

const asked = (id: string, call?: string) =>
	ours(clone(askedRecord({ id, callId: call, askedAt: 1_000, questionnaire })));
const step = (id: string, before: Progress, after: Progress) => {
	const patch = diffProgress(before, after);
	if (!patch) throw new Error("no change");
	return ours(clone(progressRecord(id, patch)));
};
const settled = (id: string) => ours(clone(settledRecord(id, "answered", 9)));
const ids = (entries: SessionEntryLike[]) => restorePending(entries).pending.map((p) => p.id);

describe("text edits", () => {
	/** How a progress record holds a change of typed text (the overall note here; drafts and notes alike). */
	const textEdit = (before: string, after: string) =>
		diffProgress(progressWith({ globalNote: before }), progressWith({ globalNote: after }))?.globalNote;

	it("keeps the shared start and adds the rest; whole text when nothing is shared", () => {
		expect(textEdit("hello", "hello world")).toEqual([5, " world"]);
		expect(textEdit("hello", "help")).toEqual([3, "p"]);
		expect(textEdit("abc", "xyz")).toBe("xyz");
		expect(textEdit("abc", "")).toBe("");
	});

	it("never keeps half of a surrogate pair", () => {
		// 👍 and 👎 share their high surrogate: the edit starts before it.
		expect(textEdit("ok 👍", "ok 👎")).toEqual([3, "👎"]);
	});

	it("typed text, patches and the final progress agree for any sequence of edits", () => {
		const texts = fc.array(fc.string({ unit: "grapheme", maxLength: 12 }), { minLength: 1, maxLength: 12 });
		fc.assert(
			fc.property(texts, (sequence) => {
				let recorded = emptyProgress(2);
				let restored: Progress | undefined = recorded;
				for (const text of sequence) {
					const next = progressWith({ drafts: [text, ""], globalNote: text.slice(1) });
					const patch = diffProgress(recorded, next);
					if (patch) restored = restored && applyPatch(restored, clone(patch));
					recorded = next;
				}
				expect(restored).toEqual(recorded);
			}),
		);
	});
});

describe("restoring", () => {
	const answered = progressWith({ answers: [{ kind: "option", option: 1 }, undefined] });
	const typing = { ...answered, drafts: ["", "BSD on arm"], ticks: [[], [0]] };

	it("a questionnaire whose call never returned comes back pending with what was given", () => {
		const entries = [asked("q1", "call_0"), step("q1", emptyProgress(2), answered), step("q1", answered, typing)];
		const [pending] = restorePending(entries).pending;
		expect(pending).toMatchObject({ id: "q1", callId: "call_0", askedAt: 1_000, progress: typing });
		expect(pending?.questionnaire.questions).toMatchObject(questionnaire.questions);
	});

	it("settled never returns, even if later records name it; other questionnaires go on", () => {
		const entries = [asked("a"), asked("b"), settled("a"), step("a", emptyProgress(2), answered), asked("c")];
		expect(ids(entries)).toEqual(["b", "c"]);
		expect(restorePending(entries).ids).toEqual(new Set(["a", "b", "c"]));
	});

	it("an id asked twice is counted, and the first stays", () => {
		const restored = restorePending([asked("a", "call_0"), asked("a", "call_1")]);
		expect(restored.pending.map((p) => p.callId)).toEqual(["call_0"]);
		expect(restored.skipped).toBe(1);
	});

	it("a fork keeps what its branch had: the entries up to the fork point", () => {
		const entries = [asked("a"), step("a", emptyProgress(2), answered)];
		const forkPoint = entries.length;
		entries.push(settled("a"), asked("b"));
		expect(restorePending(entries.slice(0, forkPoint)).pending[0]?.progress).toEqual(answered);
		expect(ids(entries)).toEqual(["b"]);
	});

	it("drops what no longer fits the questions: an option past the last, ticks on a single-select question", () => {
		const wrong = progressWith({
			answers: [
				{ kind: "option", option: 7 },
				{ kind: "multi", options: [9] },
			],
			ticks: [[1], []],
		});
		const [pending] = restorePending([asked("a"), step("a", emptyProgress(2), wrong)]).pending;
		expect(pending?.progress).toEqual(emptyProgress(2));
	});

	it("skips and counts corrupt records, records of another version and patches that do not fit", () => {
		const good = clone(askedRecord({ id: "good", askedAt: 1, questionnaire }));
		const entries: SessionEntryLike[] = [
			{ type: "message" },
			{ type: "custom", customType: "someone-else", data: { v: 2, kind: "asked" } },
			ours(undefined),
			ours("not an object"),
			ours({ ...good, v: 1, kind: "pending" }),
			ours({ ...good, kind: "mystery" }),
			ours({ ...good, id: "" }),
			ours({ ...good, askedAt: "yesterday" }),
			ours({ ...good, call: 7 }),
			ours({ ...good, questionnaire: { questions: [] } }),
			ours({ ...good, questionnaire: { questions: [{ ...SMALL_CACHE_QUESTION, options: "x" }] } }),
			ours(good),
			ours({ v: 2, kind: "progress", id: "good", patch: { answers: [{ kind: "option", option: -1 }, null] } }),
			ours({ v: 2, kind: "progress", id: "good", patch: { drafts: [[99, "x"], null] } }),
			ours({ v: 2, kind: "progress", id: "good", patch: { notes: ["only one"] } }),
			ours({ v: 2, kind: "progress", id: "good", patch: "x" }),
			ours({ v: 2, kind: "settled", id: "good", outcome: "exploded", at: 1 }),
		];
		const restored = restorePending(entries);
		expect(restored.skipped).toBe(14);
		expect(restored.pending.map((p) => p.id)).toEqual(["good"]);
		expect(restored.pending[0]?.progress).toEqual(emptyProgress(2));
	});

	it("never throws, whatever the entries hold", () => {
		const hostile = new Proxy(
			{},
			{
				get() {
					throw new Error("hostile");
				},
			},
		);
		const entries = [ours(hostile), ours({ v: 2, kind: "asked", id: "x", askedAt: 1, questionnaire: hostile })];
		expect(() => restorePending(entries)).not.toThrow();
		expect(restorePending(entries).pending).toEqual([]);
	});

	it("every record kind round-trips through JSON", () => {
		const entries = [
			asked("a", "call_9"),
			step("a", emptyProgress(2), typing),
			ours(clone(substituteRecord("a", "call_9", "cut short"))),
			ours(clone(substituteRecord("a", "call_9", "a second text never replaces the first"))),
			settled("a"),
		];
		expect(restorePending(entries)).toEqual({
			pending: [],
			ids: new Set(["a"]),
			skipped: 0,
			lost: 0,
			substitutes: new Map([["call_9", "cut short"]]),
		});
		expect(restorePending(entries.slice(0, 2)).skipped).toBe(0);
	});
});
