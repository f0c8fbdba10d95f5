/**
 * What real models send, through the real `pi` (RPC mode, the scripted fake model): each shape below
 * is one tool call; the test asserts the exact text the model receives back and whether a dialog
 * appeared. Recoverable shapes are repaired by the tool's `prepareArguments` hook and shown (no turn
 * lost); unrecoverable ones get one error result naming every problem, and nothing is shown.
 * The same observations make docs/arguments.md's "Real-world arguments" table, which must match them
 * (`PI_ASK_WRITE_DOCS=1 npx vitest run test/e2e/real-world-arguments.test.ts` rewrites it).
 */
import { afterAll, describe, expect, it } from "vitest";
import { SHAPES } from "../support/argument-shapes.ts";
import { docSection, markdownCell, WRITE_DOCS, writeDocSection } from "../support/doc-section.ts";
import { sharedRpc } from "../support/lifecycle.ts";
import type { UiHandler, UiRequest } from "../support/pi.ts";
import { ASK, echoStep, option, rows } from "../support/questions.ts";

const pi = sharedRpc();
const SECTION = "real-world-arguments";

/** Answers any questionnaire: option 1 (checked, then Done, for a multi-select), then Submit if asked. */
const answerFirstOption: UiHandler = (request: UiRequest) => {
	const offered = request.options ?? [];
	if (offered.some(rows.submit)) return { value: option(request, rows.submit) };
	if (offered.some(rows.checked) && offered.some(rows.done)) return { value: option(request, rows.done) };
	return { value: option(request, rows.numbered(1)) };
};

const observed: { name: string; receives: string; shown: boolean }[] = [];

describe("real-world argument shapes through the real pi", () => {
	it.each(SHAPES.map((shape) => [shape.name, shape] as const))("%s", async (_name, shape) => {
		pi.h.fake.enqueue({ toolCall: { name: ASK, arguments: shape.args } }, echoStep);
		const run = await pi.rpc.prompt("ask", { onDialog: answerFirstOption });
		const received = pi.h.fake.requests.at(-1)?.lastToolResult ?? "(no tool result)";
		observed.push({ name: shape.name, receives: received, shown: run.dialogs.length > 0 });
		expect(received).toBe(shape.receives);
		expect(run.dialogs.length > 0).toBe(shape.shown);
		expect(run.toolEnds).toHaveLength(1);
		// The word "null" never reaches the person or the model.
		expect(JSON.stringify(run.dialogs)).not.toMatch(/\bnull\b/);
		if (shape.rows) expect(run.dialogs[0]?.options).toEqual(expect.arrayContaining(shape.rows));
	});
});

/** The docs' table of what was observed, in the order of SHAPES. */
function table(): string {
	const lines = observed.map((o) => `| ${o.name} | ${markdownCell(o.receives)} | ${o.shown ? "yes" : "no"} |`);
	return ["| the model sends | what the model receives | shown? |", "| --- | --- | --- |", ...lines].join("\n");
}

afterAll(() => {
	// Only a complete run on the Pi the docs describe (the devDependency) makes the table.
	if (observed.length !== SHAPES.length || process.env.PI_ASK_PI_HOME) return;
	if (WRITE_DOCS) return writeDocSection(SECTION, table());
	const { current, wanted } = docSection(SECTION, table());
	expect(current, "docs/arguments.md's Real-world arguments table (PI_ASK_WRITE_DOCS=1 rewrites it)").toBe(wanted);
});
