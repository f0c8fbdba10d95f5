/**
 * A Pi extension for measuring what Pi itself does with a tool call's arguments: it registers
 * `ask_user_question` with the real schema and no `prepareArguments` hook, and its `execute` answers with
 * exactly what Pi passed it (after Pi's own coercion). test/e2e/pi-own-validation.test.ts loads it with `-e`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { QuestionnaireParams } from "../../src/tool/schema.ts";

/** The prefix of the text `execute` answers with. */
export const EXECUTE_RECEIVED = "execute received: ";

export default function schemaOnly(pi: ExtensionAPI): void {
	pi.registerTool({
		name: "ask_user_question",
		label: "Ask (schema only)",
		description: "The ask_user_question schema without the argument repair.",
		parameters: QuestionnaireParams,
		async execute(_id, params) {
			return { content: [{ type: "text", text: `${EXECUTE_RECEIVED}${JSON.stringify(params)}` }], details: {} };
		},
	});
}
