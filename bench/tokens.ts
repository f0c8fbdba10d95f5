/**
 * Token cost: what ask_user_question adds to every model request, read from the request body the
 * fake model receives from the real `pi --mode rpc`. The `tools[]` entry is serialized exactly as
 * sent; the system-prompt lines attributable to the tool are the ones present with the extension
 * and absent without it (its promptSnippet line and promptGuidelines bullets).
 */
import { createHarness } from "../test/support/pi.ts";
import type { Figure } from "./stats.ts";

const TOOL = "ask_user_question";

/** Sizes in UTF-8 bytes of the parts the tool adds to a request. */
export interface TokenCost {
	toolEntry: number;
	description: number;
	schema: number;
	promptLines: number;
	/** The added system-prompt lines, for the report. */
	addedLines: string[];
}

/** The first request of a fresh RPC session, with or without the extension, in the same cwd and agent dir. */
async function firstRequests(): Promise<{ tools: unknown[]; system: string }[]> {
	const harness = await createHarness([{ text: "ok" }, { text: "ok" }]);
	try {
		for (const loadExtension of [true, false]) {
			const session = harness.rpc({ loadExtension });
			await session.prompt("hello");
			await session.close();
		}
		return harness.fake.requests.map((r) => ({
			tools: Array.isArray(r.body.tools) ? r.body.tools : [],
			system: r.system,
		}));
	} finally {
		await harness.dispose();
	}
}

/** Lines of `withExt` not matched by a line of `without` (multiset difference, order kept). */
function addedLines(withExt: string, without: string): string[] {
	const remaining = new Map<string, number>();
	for (const line of without.split("\n")) remaining.set(line, (remaining.get(line) ?? 0) + 1);
	return withExt.split("\n").filter((line) => {
		const left = remaining.get(line) ?? 0;
		if (left > 0) {
			remaining.set(line, left - 1);
			return false;
		}
		return true;
	});
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** Measures the per-request cost of the tool definition. */
export async function measureTokenCost(): Promise<TokenCost> {
	const [withExt, without] = await firstRequests();
	if (!withExt || !without) throw new Error("expected two requests at the fake model");
	const entry = withExt.tools.find((t) => (t as { function?: { name?: unknown } }).function?.name === TOOL) as
		| { function: { description?: string; parameters?: unknown } }
		| undefined;
	if (!entry) throw new Error(`${TOOL} is not in the request's tools[]`);
	const lines = addedLines(withExt.system, without.system).filter((line) => line.trim() !== "");
	return {
		toolEntry: bytes(JSON.stringify(entry)),
		description: bytes(entry.function.description ?? ""),
		schema: bytes(JSON.stringify(entry.function.parameters ?? null)),
		// Each line costs its text plus the newline that separates it.
		promptLines: lines.reduce((sum, line) => sum + bytes(line) + 1, 0),
		addedLines: lines,
	};
}

/** The report row (the figure is deterministic: one sample). */
export async function tokenFigures(): Promise<Figure[]> {
	const cost = await measureTokenCost();
	return [
		{
			name: "tool definition per request",
			unit: "B",
			samples: [cost.toolEntry + cost.promptLines],
			target: { stat: "median", max: 2900 },
			note:
				`tools[] entry ${cost.toolEntry} B (description ${cost.description} B, schema ${cost.schema} B) + ` +
				`${cost.addedLines.length} system-prompt lines ${cost.promptLines} B; ≈ ${Math.round((cost.toolEntry + cost.promptLines) / 4)} tokens at 4 B/token`,
		},
	];
}
