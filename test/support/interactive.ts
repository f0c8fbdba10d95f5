/**
 * Pi's real InteractiveMode, in process, on a VirtualTerminal (recipe D of the API notes): an agent
 * session over a scripted faux model, with our extension loaded through `extensionFactories`. Tests
 * prompt the agent, read the screen, type keys, and read the tool results the model received.
 * Hermetic: a fresh agent dir and cwd, in-memory session and settings, no network, no API keys.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FauxResponseStep, fauxAssistantMessage, fauxProvider, fauxToolCall } from "@earendil-works/pi-ai";
import {
	AgentSessionRuntime,
	createAgentSession,
	DefaultResourceLoader,
	type ExtensionFactory,
	InteractiveMode,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { TuiMode } from "@earendil-works/pi-tui";
import { afterEach } from "vitest";
import askUserQuestion from "../../src/index.ts";
import { VirtualTerminal } from "./virtual-terminal.ts";

/** Options of {@link startInteractive}. */
export interface InteractiveOptions {
	cols?: number;
	rows?: number;
	tuiMode?: TuiMode;
	/** The faux model's turns, in order. */
	responses: FauxResponseStep[];
	/** Extensions loaded instead of (or besides) this package's. */
	extensions?: ExtensionFactory[];
}

/** A tool call turn of the faux model. */
export function askTurn(args: object): FauxResponseStep {
	return fauxAssistantMessage([fauxToolCall("ask_user_question", args as Parameters<typeof fauxToolCall>[1])], {
		stopReason: "toolUse",
	});
}

/** A final turn that repeats the last tool result's text, so tests can check what the model read. */
export const echoTurn: FauxResponseStep = (context) => {
	const last = context.messages.at(-1);
	const text =
		last && last.role === "toolResult"
			? last.content.map((c) => (c.type === "text" ? c.text : "")).join("")
			: "(no tool result)";
	return fauxAssistantMessage(`model read: ${text}`);
};

/** Starts Pi's interactive mode on a virtual terminal. Call `close()` when done. */
export async function startInteractive(options: InteractiveOptions) {
	const root = mkdtempSync(join(tmpdir(), "ask-interactive-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	const savedEnv = { dir: process.env.PI_CODING_AGENT_DIR, offline: process.env.PI_OFFLINE };
	process.env.PI_CODING_AGENT_DIR = agentDir;
	process.env.PI_OFFLINE = "1";
	const { mkdirSync } = await import("node:fs");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });

	const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
	faux.setResponses(options.responses);
	const settingsManager = SettingsManager.inMemory();
	const resourceLoader = new DefaultResourceLoader({
		cwd,
		agentDir,
		settingsManager,
		noExtensions: true,
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
		extensionFactories: [(pi) => pi.registerProvider(faux.provider), ...(options.extensions ?? [askUserQuestion])],
	});
	await resourceLoader.reload();
	const { session } = await createAgentSession({
		cwd,
		agentDir,
		resourceLoader,
		sessionManager: SessionManager.inMemory(),
		settingsManager,
	});
	await session.setModel(faux.getModel());
	const runtime = new AgentSessionRuntime(
		session,
		{ cwd, agentDir, modelRuntime: session.modelRuntime, settingsManager, resourceLoader, diagnostics: [] },
		async () => {
			throw new Error("the interactive test harness does not switch sessions");
		},
	);
	const terminal = new VirtualTerminal(options.cols ?? 100, options.rows ?? 30);
	const mode = new InteractiveMode(runtime, { terminal, tuiMode: options.tuiMode ?? "regular" });
	await mode.init();

	let prompting: Promise<void> | undefined;
	return {
		terminal,
		session,
		faux,
		/** Sends a user prompt; the returned promise settles when the agent is done. */
		prompt(text: string): Promise<void> {
			prompting = session.prompt(text);
			return prompting;
		},
		/** Types key sequences, one per input event. */
		press(...keys: string[]) {
			for (const key of keys) terminal.send(key);
		},
		screen: () => terminal.screen(),
		/** Waits until the screen satisfies `test` (polling), or fails with the last screen. */
		async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
			const end = Date.now() + timeoutMs;
			let screen = "";
			while (Date.now() < end) {
				screen = await terminal.screen();
				if (test(screen)) return screen;
				await new Promise((r) => setTimeout(r, 20));
			}
			throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
		},
		/** The text of every tool result in the session, in order. */
		toolResults(): string[] {
			return session.messages.flatMap((m) =>
				m.role === "toolResult" ? [m.content.map((c) => (c.type === "text" ? c.text : "")).join("")] : [],
			);
		},
		async close() {
			try {
				await session.abort?.();
			} catch {
				// Already idle.
			}
			await prompting?.catch(() => {});
			try {
				mode.stop();
			} catch {
				// Already stopped.
			}
			process.env.PI_CODING_AGENT_DIR = savedEnv.dir;
			process.env.PI_OFFLINE = savedEnv.offline;
			if (savedEnv.dir === undefined) delete process.env.PI_CODING_AGENT_DIR;
			if (savedEnv.offline === undefined) delete process.env.PI_OFFLINE;
			rmSync(root, { recursive: true, force: true });
		},
	};
}

/** The harness {@link startInteractive} returns. */
export type Interactive = Awaited<ReturnType<typeof startInteractive>>;

/**
 * Returns {@link startInteractive} for a file's tests and registers an `afterEach` that closes what
 * the test started, so no test leaves Pi running. Call it at the top level of a test file.
 */
export function interactivePerTest(): (options: InteractiveOptions) => Promise<Interactive> {
	let harness: Interactive | undefined;
	afterEach(async () => {
		await harness?.close();
		harness = undefined;
	});
	return async (options) => {
		harness = await startInteractive(options);
		return harness;
	};
}
