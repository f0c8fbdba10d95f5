/**
 * A scripted, OpenAI-compatible chat-completions server on 127.0.0.1 for driving the real `pi`
 * binary without API keys or network: each scripted step answers one request (a tool call or
 * text), and every request body is recorded so tests can assert what the model was shown.
 * Plain Node 22 TypeScript (no test-framework imports) so the demo can reuse it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** One message of an OpenAI chat-completions request, as Pi sends it. */
export interface ChatMessage {
	role: string;
	content?: unknown;
	tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
	tool_call_id?: string;
	[key: string]: unknown;
}

/** A recorded request, with the parts tests usually look at already pulled out. */
export interface ParsedRequest {
	/** The raw JSON body. */
	body: Record<string, unknown>;
	/** Names of the tools offered to the model. */
	tools: string[];
	/** The full tool entries offered (name, description, parameters). */
	toolDefinitions: { name: string; description?: string; parameters?: unknown }[];
	messages: ChatMessage[];
	/** The system (or developer) prompt text. */
	system: string;
	/** The text of the last message when it is a tool result, else undefined. */
	lastToolResult: string | undefined;
}

/** A tool call the fake model makes; `arguments` as a string is sent verbatim (e.g. broken JSON). */
export interface ToolCallSpec {
	name: string;
	arguments: Record<string, unknown> | string;
	id?: string;
}

/** What the fake model answers to one request. */
export type Step = { toolCall: ToolCallSpec } | { toolCalls: ToolCallSpec[] } | { text: string } | StepFunction;

/** A step decided when the request arrives; it may take its time, as a model thinks before it answers. */
export type StepFunction = (request: ParsedRequest) => Step | Promise<Step>;

/** A running fake model. */
export interface FakeModel {
	/** Base URL including `/v1`, for models.json. */
	url: string;
	port: number;
	/** Every request received, in order. */
	requests: ParsedRequest[];
	/** Appends steps to the script (useful when one Pi process serves several prompts). */
	enqueue(...steps: Step[]): void;
	/** Steps not yet consumed. */
	pending(): number;
	close(): Promise<void>;
}

/** The text the fake model answers when its script is exhausted. */
export const SCRIPT_EXHAUSTED = "fake model: script exhausted";

/** Starts the server on an ephemeral port. */
export async function startFakeModel(script: Step[] = []): Promise<FakeModel> {
	const queue: Step[] = [...script];
	const requests: ParsedRequest[] = [];
	let callCounter = 0;

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			res.writeHead(500, { "content-type": "text/plain" });
			res.end(String(error));
		});
	});

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const raw = await readBody(req);
		if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
			res.writeHead(404, { "content-type": "application/json" });
			res.end(JSON.stringify({ error: { message: `fake model: no route ${req.method} ${req.url}` } }));
			return;
		}
		const parsed = parseRequest(JSON.parse(raw || "{}") as Record<string, unknown>);
		requests.push(parsed);
		let step: Step = queue.shift() ?? { text: SCRIPT_EXHAUSTED };
		while (typeof step === "function") step = await step(parsed);
		res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
		for (const chunk of chunksFor(step, () => `call_${++callCounter}`)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
		res.end("data: [DONE]\n\n");
	}

	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		port,
		requests,
		enqueue: (...steps) => queue.push(...steps),
		pending: () => queue.length,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let body = "";
		req.setEncoding("utf8");
		req.on("data", (chunk: string) => {
			body += chunk;
		});
		req.on("end", () => resolve(body));
		req.on("error", reject);
	});
}

/** Pulls tools, messages, system prompt and the last tool result out of a request body. */
export function parseRequest(body: Record<string, unknown>): ParsedRequest {
	const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
	const rawTools = Array.isArray(body.tools) ? (body.tools as { function?: Record<string, unknown> }[]) : [];
	const toolDefinitions = rawTools.map((t) => ({
		name: String(t.function?.name ?? ""),
		description: typeof t.function?.description === "string" ? t.function.description : undefined,
		parameters: t.function?.parameters,
	}));
	const system = messages
		.filter((m) => m.role === "system" || m.role === "developer")
		.map((m) => contentText(m.content))
		.join("\n");
	const last = messages.at(-1);
	return {
		body,
		tools: toolDefinitions.map((t) => t.name),
		toolDefinitions,
		messages,
		system,
		lastToolResult: last?.role === "tool" ? contentText(last.content) : undefined,
	};
}

/** Message content as text: a string, or the text parts of a content array joined. */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((part: unknown) =>
			typeof part === "object" && part !== null && "text" in part ? String((part as { text: unknown }).text) : "",
		)
		.join("");
}

type Chunk = Record<string, unknown>;

function chunksFor(step: Exclude<Step, StepFunction>, nextId: () => string): Chunk[] {
	const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake-1" };
	const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
	const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({
		...base,
		choices: [{ index: 0, delta, finish_reason: finish }],
	});
	if ("text" in step) {
		return [choice({ role: "assistant", content: step.text }), { ...choice({}, "stop"), usage }];
	}
	const calls = "toolCall" in step ? [step.toolCall] : step.toolCalls;
	const chunks: Chunk[] = [];
	calls.forEach((call, index) => {
		const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
		const id = call.id ?? nextId();
		const head = { index, id, type: "function", function: { name: call.name, arguments: "" } };
		chunks.push(choice({ ...(index === 0 ? { role: "assistant" } : {}), tool_calls: [head] }));
		chunks.push(choice({ tool_calls: [{ index, function: { arguments: args } }] }));
	});
	chunks.push({ ...choice({}, "tool_calls"), usage });
	return chunks;
}

/** Options for {@link makeAgentDir}. */
export interface AgentDirOptions {
	port: number;
	/** Extra files to write, keyed by path relative to the agent dir (e.g. `ask-user-question.json`). */
	extraFiles?: Record<string, string>;
	/** Settings merged over the quiet defaults. */
	settings?: Record<string, unknown>;
}

/** Writes a throwaway Pi agent dir pointing at the fake model; returns its path. */
export function makeAgentDir(options: AgentDirOptions): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-agent-"));
	const models = {
		providers: {
			fake: {
				baseUrl: `http://127.0.0.1:${options.port}/v1`,
				api: "openai-completions",
				apiKey: "test-key",
				models: [{ id: "fake-1", name: "Fake scripted model", contextWindow: 32000, maxTokens: 1024 }],
			},
		},
	};
	const settings = {
		defaultProvider: "fake",
		defaultModel: "fake-1",
		quietStartup: true,
		collapseChangelog: true,
		enableInstallTelemetry: false,
		enableAnalytics: false,
		// A failed fake request must fail fast, not back off for seconds.
		retry: { enabled: false },
		...options.settings,
	};
	writeFileSync(join(dir, "models.json"), `${JSON.stringify(models, null, 2)}\n`);
	writeFileSync(join(dir, "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
	for (const [relative, content] of Object.entries(options.extraFiles ?? {})) {
		const path = join(dir, relative);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, content);
	}
	return dir;
}

/** Removes a directory made by {@link makeAgentDir} (or any temp dir); never throws. */
export function removeDir(dir: string): void {
	rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
