/**
 * An offline, scripted "model" for `npm start`: a Pi extension that registers a faux provider.
 * On every user prompt it asks a realistic two-question questionnaire through ask_user_question;
 * when the tool result comes back, or later a late answer (the person chose "Answer later", then
 * answered with /answer), it replies with exactly what it received, so you can see the protocol.
 * No API key, no network.
 */

import {
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxToolCall,
	type ToolCall,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { Questionnaire } from "../src/protocol/questions.ts";

const QUESTIONNAIRE: Questionnaire = {
	questions: [
		{
			question: "Where should the API client cache responses?",
			header: "Cache",
			options: [
				{
					label: "In-memory LRU (Recommended)",
					description: "Simplest; lost on restart, not shared between instances.",
					preview: "```ts\nconst cache = new LRUCache<string, Response>({ max: 500, ttl: 60_000 });\n```",
				},
				{
					label: "SQLite file",
					description: "Survives restarts; one more file to manage, single host only.",
					preview: '```ts\nconst db = new Database(".cache/api.sqlite");\n```',
				},
				{
					label: "Redis",
					description: "Shared across instances; adds infrastructure and a network hop.",
					preview: "```yaml\nservices:\n  redis:\n    image: redis:7\n```",
				},
			],
		},
		{
			question: "Which platforms must the first release support?",
			header: "Platforms",
			multiSelect: true,
			options: [
				{ label: "Linux", description: "x64 and arm64 builds." },
				{ label: "macOS", description: "Universal binary, notarized." },
				{ label: "Windows", description: "x64 installer; needs a signing certificate." },
			],
		},
	],
};

/** Registers the demo provider; the launcher selects it with `--provider demo --model demo-1`. */
export default function demoModel(pi: ExtensionAPI): void {
	const faux = fauxProvider({ provider: "demo", models: [{ id: "demo-1", name: "Scripted demo model" }] });
	pi.registerProvider(faux.provider);
	const step: FauxResponseStep = (context) => respond(context);
	// One step per model request; plenty for an interactive demo session.
	faux.setResponses(Array.from({ length: 200 }, () => step));
}

/** How a late answer's text begins (src/protocol/late-answer-text.ts); it reaches the model as a user message. */
const LATE_ANSWER = /^Late answer to the ask_user_question questionnaire /;

function respond(context: TranscriptContext) {
	const last = context.messages.at(-1);
	if (last?.role === "toolResult") {
		const text = last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
		const details = last.details as { outcome?: unknown } | undefined;
		const next =
			details?.outcome === "deferred"
				? "It stays pending: answer it with /answer, and the answers reach me as a late answer."
				: "Type anything to be asked again, or /quit to leave.";
		return fauxAssistantMessage(
			[
				"This is exactly what the model received back from ask_user_question:",
				verbatim(text),
				"Structured details (for Pi and other extensions):",
				verbatim(JSON.stringify(last.details ?? null, null, 2), "json"),
				next,
			].join("\n\n"),
		);
	}
	const prompt = last?.role === "user" ? userText(last.content) : "";
	if (LATE_ANSWER.test(prompt)) {
		return fauxAssistantMessage(
			[
				"This is exactly what the model received as a late answer (a message in the conversation, not a tool result):",
				verbatim(prompt),
				"Type anything to be asked again, or /quit to leave.",
			].join("\n\n"),
		);
	}
	return fauxAssistantMessage([fauxToolCall("ask_user_question", QUESTIONNAIRE as unknown as ToolCall["arguments"])], {
		stopReason: "toolUse",
	});
}

function userText(content: string | readonly { type: string; text?: string }[]): string {
	return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");
}

/**
 * `text` as a fenced code block, so Pi shows it as it is: rendered as Markdown, the backticks of a quoted
 * preview's code fence would vanish. The fence is longer than any run of backticks inside.
 */
export function verbatim(text: string, language = "text"): string {
	const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (run) => run[0].length));
	const fence = "`".repeat(Math.max(3, longest + 1));
	return `${fence}${language}\n${text}\n${fence}`;
}
