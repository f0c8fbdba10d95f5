/**
 * Rows and titles of the dialog walker: unique row strings mapped back by identity, sanitized
 * model text, and a messages table that really drives every user-visible string.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dialogs } from "../../src/dialogs/host.ts";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import { en } from "../../src/i18n/en.ts";
import type { Messages } from "../../src/i18n/messages.ts";
import type { Question } from "../../src/protocol/questions.ts";
import { type Call, ScriptedHost, sel } from "./rpc-fake-host.ts";

/** The row strings a host is sent for rows whose texts are `texts` (Dialogs makes them unique). */
async function uniqueTexts(texts: readonly string[]): Promise<string[]> {
	let sent: string[] = [];
	const host = {
		select: async (_title: string, options: string[]) => {
			sent = options;
			return undefined;
		},
		input: async () => undefined,
	};
	await new Dialogs(host, undefined, undefined).select(
		"t",
		texts.map((text, i) => ({ text, action: i })),
		"ask",
	);
	return sent;
}

describe("rows sent to a host are unique", () => {
	it("leaves distinct strings alone and suffixes later duplicates", async () => {
		expect(await uniqueTexts(["a", "b"])).toEqual(["a", "b"]);
		expect(await uniqueTexts(["a", "a", "a (2)", "a"])).toEqual(["a", "a (2)", "a (2) (2)", "a (3)"]);
	});

	it("always returns as many strings, all distinct, keeping first occurrences", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.constantFrom("", "x", "x (2)", "y", "x (2) (2)")), async (texts) => {
				const out = await uniqueTexts(texts);
				expect(out).toHaveLength(texts.length);
				expect(new Set(out).size).toBe(out.length);
				for (const [i, t] of out.entries()) expect(t.startsWith(texts[i] ?? "")).toBe(true);
			}),
		);
	});
});

describe("question rows", () => {
	const q: Question = {
		question: "Q?",
		header: "H",
		options: [
			{ label: "A", description: "" },
			{ label: "B", description: "d", preview: "p" },
		],
	};

	it("omits an empty description's dash, offers Back only from the second question", async () => {
		const host = new ScriptedHost(["1. A"]);
		await walkQuestionnaire({ questions: [q, q] }, host, { host: "rpc" });
		const texts = host.calls.map((c) => (c.kind === "select" ? c.options : []));
		expect(texts[0]).toEqual(["1. A", "2. B — d", "Type something…", "Add a note…", "Show previews…"]);
		expect(texts[1]).toEqual(["1. A", "2. B — d", "Type something…", "Add a note…", "Show previews…", "← Back"]);
	});
});

describe("walker text safety and uniqueness", () => {
	it("sanitizes model text in titles and rows (escape sequences shown, newlines flattened in rows)", async () => {
		const evil: Question = {
			question: "Pick\u001b]52;c;aGk=\u0007 one\nplease",
			header: "He\u001b[2Jad",
			options: [
				{ label: "Red\u001b[31m", description: "line1\nline2" },
				{ label: "\u202eevil", description: "ok", preview: "```\n\u001b[2J\n```" },
			],
		};
		const host = new ScriptedHost(["Show previews…", undefined, undefined]);
		await walkQuestionnaire({ questions: [evil] }, host, { host: "rpc" });
		expect(host.calls[0]).toEqual(
			sel("[1/1] He␛[2Jad — Pick␛]52;c;aGk=␇ one\nplease", [
				"1. Red␛[31m — line1 line2",
				"2. \\u202eevil — ok",
				"Type something…",
				"Add a note…",
				"Show previews…",
			]),
		);
		expect(host.calls[1]?.title).toBe("[1/1] He␛[2Jad — previews\n\n── 2. \\u202eevil ──\n```\n␛[2J\n```");
		for (const call of host.calls) {
			const strings = [call.title, ...(call.kind === "select" ? call.options : [])];
			for (const s of strings) expect(s).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
		}
	});

	it("keeps rows that collide distinct and maps the reply to the right meaning", async () => {
		const plain: Messages = { ...en, optionRow: (_n, label) => label, back: "Type something…" };
		const twins: Question = {
			question: "Which?",
			header: "Same",
			options: [
				{ label: "A\tB", description: "x" },
				{ label: "A B", description: "y" },
			],
		};
		const host = new ScriptedHost([
			"A B (2)",
			"Type something… (2)",
			"A B",
			"A B",
			"Edit Same (2)",
			"A B (2)",
			"Submit",
		]);
		const result = await walkQuestionnaire({ questions: [twins, twins] }, host, { host: "rpc", messages: plain });
		const q2Rows = ["A B", "A B (2)", "Type something…", "Add a note…", "Type something… (2)"];
		expect(host.calls.slice(0, 3)).toEqual([
			sel("[1/2] Same — Which?", ["A B", "A B (2)", "Type something…", "Add a note…"]),
			sel("[2/2] Same — Which?", q2Rows),
			sel("[1/2] Same — Which?\nCurrent answer: A B", ["A B", "A B (2)", "Type something…", "Add a note…"]),
		]);
		expect(host.calls[4]).toEqual(
			sel("Review your answers\n[1/2] Same: A B\n[2/2] Same: A B", [
				"Submit",
				"Edit Same",
				"Edit Same (2)",
				"Answer later",
				"Decline — the agent is told you declined",
			]),
		);
		expect(host.calls[5]).toEqual(sel("[2/2] Same — Which?\nCurrent answer: A B", q2Rows));
		expect(host.calls).toHaveLength(7);
		expect(result.answers.map((a) => a.answer)).toEqual(["A\tB", "A B"]);
		expect(result.outcome).toBe("answered");
	});

	it("takes every user-visible string from the messages table", async () => {
		const tagged = Object.fromEntries(
			Object.entries(en).map(([key, value]) => [
				key,
				typeof value === "function" ? (...args: unknown[]) => `<${key}:${args.join("|")}>` : `<${key}>`,
			]),
		) as unknown as Messages;
		const targets: Question = {
			question: "Q",
			header: "H",
			multiSelect: true,
			options: [
				{ label: "L", description: "D", preview: "P" },
				{ label: "M", description: "" },
			],
		};
		const host = new ScriptedHost(["<checkedRow:<optionRow:1|L|D>>"]);
		const host2 = new ScriptedHost([
			"<uncheckedRow:<optionRow:1|L|D>>",
			"<done:1>",
			undefined,
			"<keepAnswering>",
			"<done:0>",
			"<submit>",
		]);
		await walkQuestionnaire({ questions: [targets] }, host, { host: "rpc", messages: tagged });
		const result = await walkQuestionnaire({ questions: [targets, targets] }, host2, { host: "rpc", messages: tagged });
		expect(host.calls[0]).toEqual(
			sel("<questionTitle:<position:1|1>|H|Q>\n<multiHint>", [
				"<uncheckedRow:<optionRow:1|L|D>>",
				"<uncheckedRow:<optionRow:2|M|>>",
				"<done:0>",
				"<typeSomething>",
				"<addNote>",
				"<showPreviews>",
			]),
		);
		expect(host2.calls.map((c) => c.title)).toEqual([
			"<questionTitle:<position:1|2>|H|Q>\n<multiHint>",
			"<questionTitle:<position:1|2>|H|Q>\n<multiHint>",
			"<questionTitle:<position:2|2>|H|Q>\n<multiHint>",
			"<discardTitle:1|2>",
			"<questionTitle:<position:2|2>|H|Q>\n<multiHint>",
			"<reviewTitle>\n<reviewLine:<position:1|2>|H|L>\n<reviewLine:<position:2|2>|H|<noneOfThese>>",
		]);
		expect(host2.calls[3]?.kind === "select" && host2.calls[3].options).toEqual([
			"<keepAnswering>",
			"<answerLater>",
			"<decline>",
		]);
		expect(host2.calls[5]?.kind === "select" && host2.calls[5].options).toEqual([
			"<submit>",
			"<edit:H>",
			"<edit:H> (2)",
			"<answerLater>",
			"<decline>",
		]);
		expect(result.outcome).toBe("answered");
	});

	it("uses every entry of the messages table, and nothing else, over a full walk", async () => {
		const tagged = Object.fromEntries(
			Object.entries(en).map(([key, value]) => [
				key,
				typeof value === "function" ? (...args: unknown[]) => `<${key}:${args.join("|")}>` : `<${key}>`,
			]),
		) as unknown as Messages;
		const choose = (part: string) => (call: Call) =>
			call.kind === "select" ? call.options.find((o) => o.includes(part)) : undefined;
		const single: Question = {
			question: "S",
			header: "H1",
			options: [
				{ label: "L", description: "D", preview: "P" },
				{ label: "M", description: "" },
			],
		};
		const multi: Question = { ...single, question: "T", header: "H2", multiSelect: true };
		const third: Question = { ...multi, question: "U", header: "H3" };
		const host = new ScriptedHost([
			choose("<addNote>"),
			"n1",
			choose("<showPreviews>"),
			choose("<backToOptions>"),
			choose("<typeSomething>"),
			"typed1",
			choose("<back>"),
			choose("<optionRow:1|"),
			choose("<uncheckedRow:<optionRow:2|"),
			choose("<typeSomething>"),
			"t2",
			// Typed text moves on, as Enter in the TUI's editor: to the third question, then the review.
			choose("<done:"),
			choose("<edit:H2"),
			choose("<done:"),
			undefined,
			choose("<keepAnswering>"),
			choose("<submit>"),
		]);
		const result = await walkQuestionnaire({ questions: [single, multi, third] }, host, {
			host: "rpc",
			messages: tagged,
		});
		expect(host.remaining).toBe(0);
		const shown = host.calls.flatMap((c) =>
			c.kind === "select" ? [c.title, ...c.options] : [c.title, c.placeholder ?? ""],
		);
		const keys = new Set(shown.flatMap((text) => [...text.matchAll(/<(\w+)/g)].map((m) => m[1])));
		// The table also holds the full TUI's, the accessible prompt's, the transcript's and /answer's strings (`view*`,
		// `tui*`, `accessible*`, `render*`, `pending*`) and the relay's label (`relay*`); the walker must use all of its own.
		// `unanswered` never shows: every question is answered before the review (Done with nothing ticked
		// is "none of these"); the review keeps the word for a question that is not. `answeredInChat` shows only
		// in a walk reopened from /answer (rpc-walker-cancel.test.ts).
		const walkerKeys = Object.keys(en).filter(
			(key) =>
				!/^(view|tui|accessible|render|pending|relay)[A-Z]/.test(key) &&
				key !== "unanswered" &&
				key !== "answeredInChat",
		);
		expect([...keys].sort()).toEqual(walkerKeys.sort());
		// Remove our tags innermost first, then the data; anything left would be wording outside the table.
		const untag = (text: string): string => {
			const next = text.replace(/<\w+(?::[^<>]*)?>/g, "");
			return next === text ? text : untag(next);
		};
		const stripped = shown.map((text) => untag(text).replace(/\(\d\)|n1|t2|typed1|[LMDPSTUH]\d?|\s/g, ""));
		expect(stripped.filter((t) => t !== "")).toEqual([]);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "S", kind: "option", answer: "L", preview: "P", notes: "n1" },
				{ questionIndex: 1, question: "T", kind: "multi", answer: ["M", "t2"], custom: "t2" },
				{ questionIndex: 2, question: "U", kind: "multi", answer: [] },
			],
		});
	});
});
