/**
 * A rehearsal of Pi's check of a call's arguments, run by the preload (pi/prewarm.ts) while Pi waits for
 * the model. Before `execute`, Pi validates the arguments against the tool's schema with pi-ai's
 * `validateToolArguments`, which compiles a validator the first time it meets a schema object (kept per
 * object) and runs code nothing has run yet: 2–4 ms on the first call, against ~1 ms for a tool with no
 * parameters. Checking a sample here, through the same public function and with the very schema object
 * the tool was registered with, leaves the validator compiled for the first real call. A Pi that resolves
 * the import elsewhere or lacks the function only makes this a no-op; a failure is the caller's to ignore.
 */

import { SAMPLE_ARGUMENTS } from "../protocol/sample-questionnaire.ts";
import { TOOL_NAME } from "../tool/guidance.ts";
import { QuestionnaireParams } from "../tool/schema.ts";

/** Imports a host package the way Pi resolves the extension's own imports (the entry's importer). */
export type HostImport = (specifier: string) => Promise<unknown>;

type ValidateToolArguments = (
	tool: { name: string; parameters: unknown },
	toolCall: { type: "toolCall"; id: string; name: string; arguments: unknown },
) => unknown;

/** Checks the sample as Pi checks a call; resolves false when this Pi offers no such check. */
export async function warmUpArgumentCheck(importHost: HostImport): Promise<boolean> {
	const ai = (await importHost("@earendil-works/pi-ai")) as { validateToolArguments?: unknown } | undefined;
	if (typeof ai?.validateToolArguments !== "function") return false;
	const validate = ai.validateToolArguments as ValidateToolArguments;
	validate(
		{ name: TOOL_NAME, parameters: QuestionnaireParams },
		{ type: "toolCall", id: "warm-up", name: TOOL_NAME, arguments: SAMPLE_ARGUMENTS },
	);
	return true;
}
