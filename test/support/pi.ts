/**
 * Spawns the real `pi` binary (1.6.0, Node 22) hermetically — throwaway agent dir and cwd, no
 * sessions, no discovered extensions, offline, the fake provider — in print, JSON and RPC mode.
 * The RPC driver speaks strict JSONL (split on "\n" only) and answers extension dialogs through a
 * callback. Every wait has a timeout whose message carries Pi's stderr.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
	type AgentDirOptions,
	type FakeModel,
	makeAgentDir,
	removeDir,
	type Step,
	startFakeModel,
} from "./fake-model.ts";

/** The repository root: what `-e` and `pi install` load. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The command that runs the pi CLI: a Node ≥ 22 executable and the CLI script — the devDependency's, or
 * the one in the Pi install `piHome` names (a folder holding node_modules/@earendil-works/…, or a Pi
 * package folder itself, such as the npm alias node_modules/pi-0.84.3; default `PI_ASK_PI_HOME`, which
 * the compat runs, scripts/compat.ts, point at older Pi versions).
 */
export function piCommand(piHome = process.env.PI_ASK_PI_HOME): { command: string; args: string[] } {
	const pkgPath = piPackageJson(piHome);
	const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { bin: { pi: string } };
	const cli = join(dirname(pkgPath), pkg.bin.pi);
	const major = Number(process.versions.node.split(".")[0]);
	const localNode = join(REPO_ROOT, "node_modules", ".bin", "node");
	const command = major >= 22 || !existsSync(localNode) ? process.execPath : localNode;
	return { command, args: [cli] };
}

/** The version of the Pi that {@link piCommand} runs. */
export function piVersion(piHome = process.env.PI_ASK_PI_HOME): string {
	return (JSON.parse(readFileSync(piPackageJson(piHome), "utf8")) as { version: string }).version;
}

function piPackageJson(home: string | undefined): string {
	if (home === undefined) return packageJsonOf("@earendil-works/pi-coding-agent");
	const installed = join(home, "node_modules", "@earendil-works", "pi-coding-agent", "package.json");
	return existsSync(installed) ? installed : join(home, "package.json");
}

/** A file of the `pi-ai` package that the Pi at `piHome` loads (a copy of its own, else the one beside it). */
export function piAiFile(relative: string, piHome = process.env.PI_ASK_PI_HOME): string {
	for (let dir = dirname(piPackageJson(piHome)); ; dir = dirname(dir)) {
		const candidate = join(dir, "node_modules", "@earendil-works", "pi-ai", relative);
		if (existsSync(candidate)) return candidate;
		if (dir === dirname(dir))
			throw new Error(`cannot find pi-ai's ${relative} for the Pi at ${piHome ?? "the devDependency"}`);
	}
}

/** The package.json of an installed package, found the way Node would (exports may hide it from resolve). */
function packageJsonOf(name: string): string {
	for (let dir = REPO_ROOT; ; dir = dirname(dir)) {
		const candidate = join(dir, "node_modules", name, "package.json");
		if (existsSync(candidate)) return candidate;
		if (dir === dirname(dir)) throw new Error(`cannot find ${name} in node_modules above ${REPO_ROOT}`);
	}
}

/** The environment for a hermetic Pi run against `agentDir`. */
export function piEnv(agentDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	// Never let the caller's own Pi session leak in (tests may run inside Pi).
	for (const key of Object.keys(env)) if (key.startsWith("PI_")) delete env[key];
	return {
		...env,
		PI_CODING_AGENT_DIR: agentDir,
		PI_OFFLINE: "1",
		PI_SKIP_VERSION_CHECK: "1",
		PI_TELEMETRY: "0",
		NO_COLOR: "1",
		...extra,
	};
}

/** Where and how one Pi process runs. */
export interface PiOptions {
	agentDir: string;
	/** Working directory; defaults to a fresh empty temp dir (removed by the harness that made it). */
	cwd: string;
	/** Load this repository with `-e` (default true). */
	loadExtension?: boolean;
	/** Pass `-ne` so no discovered, installed or built-in extension loads (default true). */
	noExtensions?: boolean;
	/** Select the fake provider/model (default true). */
	useFakeModel?: boolean;
	/** Keep the session in this folder (`--session-dir`) instead of none (`--no-session`). */
	sessionDir?: string;
	/** With `sessionDir`: continue its latest session (`--continue`), as a restart of Pi does. */
	continueSession?: boolean;
	/** Arguments appended after the hermetic ones. */
	extraArgs?: string[];
	env?: Record<string, string>;
	timeoutMs?: number;
	/** The Pi install to run (see {@link piCommand}); the devDependency by default. */
	piHome?: string;
}

/** The hermetic argument list (without the CLI path). */
export function piArgs(
	options: Pick<
		PiOptions,
		"loadExtension" | "noExtensions" | "useFakeModel" | "extraArgs" | "sessionDir" | "continueSession"
	>,
): string[] {
	const { sessionDir } = options;
	const args = sessionDir === undefined ? ["--no-session"] : ["--session-dir", sessionDir];
	if (sessionDir !== undefined && options.continueSession) args.push("--continue");
	if (options.noExtensions !== false) args.push("-ne");
	if (options.loadExtension !== false) args.push("-e", REPO_ROOT);
	if (options.useFakeModel !== false) args.push("--provider", "fake", "--model", "fake-1");
	return [...args, ...(options.extraArgs ?? [])];
}

/** A finished process. */
export interface RunResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Runs pi with exactly `args` (after the CLI path) to completion, as `uid`/`gid` if given; kills it on timeout. */
export function runPiRaw(
	args: string[],
	options: {
		agentDir: string;
		cwd: string;
		env?: Record<string, string>;
		timeoutMs?: number;
		stdin?: string;
		uid?: number;
		gid?: number;
		piHome?: string;
	},
): Promise<RunResult> {
	const { command, args: head } = piCommand(options.piHome);
	const child = spawn(command, [...head, ...args], {
		cwd: options.cwd,
		env: piEnv(options.agentDir, options.env),
		...(options.uid === undefined ? {} : { uid: options.uid }),
		...(options.gid === undefined ? {} : { gid: options.gid }),
	});
	let stdout = "";
	let stderr = "";
	child.stdout.setEncoding("utf8").on("data", (d: string) => {
		stdout += d;
	});
	child.stderr.setEncoding("utf8").on("data", (d: string) => {
		stderr += d;
	});
	child.stdin.end(options.stdin ?? "");
	const timeoutMs = options.timeoutMs ?? 20_000;
	return new Promise((resolvePromise, reject) => {
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error(`pi ${args.join(" ")} timed out after ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
		}, timeoutMs);
		child.on("error", (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			resolvePromise({ code, signal, stdout, stderr });
		});
	});
}

/** `pi -p <prompt>` with the hermetic arguments. */
export function runPrint(prompt: string, options: PiOptions): Promise<RunResult> {
	return runPiRaw([...piArgs(options), "-p", prompt], options);
}

/** `pi --mode json <prompt>`; `events` are the parsed JSONL records of stdout. */
export async function runJson(prompt: string, options: PiOptions): Promise<RunResult & { events: RpcEvent[] }> {
	const result = await runPiRaw([...piArgs(options), "--mode", "json", prompt], options);
	return { ...result, events: parseJsonl(result.stdout) };
}

/** Parses JSONL split on "\n" only (U+2028/2029 inside strings are content, not line breaks). */
export function parseJsonl(text: string): RpcEvent[] {
	return text
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line.endsWith("\r") ? line.slice(0, -1) : line) as RpcEvent);
}

/** Any record Pi writes on stdout in RPC/JSON mode. */
export interface RpcEvent {
	type: string;
	[key: string]: unknown;
}

/** A dialog Pi asks the client to show (`extension_ui_request` with a dialog method). */
export interface UiRequest {
	type: "extension_ui_request";
	id: string;
	method: "select" | "confirm" | "input" | "editor";
	title: string;
	options?: string[];
	message?: string;
	placeholder?: string;
	prefill?: string;
	timeout?: number;
}

/** The client's answer to a dialog. */
export type UiResponse = { value: string } | { confirmed: boolean } | { cancelled: true };

/** Answers one dialog; may be async. Throwing fails the prompt (the dialog is cancelled). */
export type UiHandler = (request: UiRequest) => UiResponse | Promise<UiResponse>;

/** A `tool_execution_end` record. */
export interface ToolExecutionEnd {
	type: "tool_execution_end";
	toolCallId: string;
	toolName: string;
	result: { content: { type: string; text?: string }[]; details?: unknown };
	isError: boolean;
}

/** Everything one prompt produced. */
export interface PromptRun {
	events: RpcEvent[];
	/** The dialogs Pi asked for, in order. */
	dialogs: UiRequest[];
	toolEnds: ToolExecutionEnd[];
	/** Messages of `notify` requests during the prompt. */
	notifications: string[];
}

const DIALOG_METHODS = new Set(["select", "confirm", "input", "editor"]);

/** How a prompt is answered and awaited. */
export interface PromptOptions {
	onDialog?: UiHandler;
	timeoutMs?: number;
	maxDialogs?: number;
	/** The prompt starts no turn (a command that sends nothing): resolve at its response. */
	noTurn?: boolean;
}

/** A live `pi --mode rpc` process. */
export interface RpcSession {
	/** Every record received since start. */
	events: RpcEvent[];
	stderr(): string;
	/**
	 * Sends a prompt, answers dialogs with `onDialog`, resolves at `agent_settled` (or, with `noTurn`, at
	 * the prompt's response: a command such as `/answer` that starts no turn has no `agent_settled`).
	 */
	prompt(message: string, options?: PromptOptions): Promise<PromptRun>;
	/** Sends a command and resolves with its `response` record. */
	command(command: Record<string, unknown>, timeoutMs?: number): Promise<RpcEvent>;
	/** Resolves with the first record (past or future) matching `predicate`. */
	waitFor(predicate: (event: RpcEvent) => boolean, what: string, timeoutMs?: number): Promise<RpcEvent>;
	close(): Promise<void>;
}

/** Starts `pi --mode rpc` with the hermetic arguments. */
export function startRpc(options: PiOptions): RpcSession {
	const { command, args: head } = piCommand(options.piHome);
	const child = spawn(command, [...head, ...piArgs(options), "--mode", "rpc"], {
		cwd: options.cwd,
		env: piEnv(options.agentDir, options.env),
	});
	return new RpcDriver(child, options.timeoutMs ?? 20_000);
}

type Listener = (event: RpcEvent) => void;

class RpcDriver implements RpcSession {
	readonly events: RpcEvent[] = [];
	private stderrText = "";
	private buffer = "";
	private listeners = new Set<Listener>();
	private exited: Promise<void>;
	private exitInfo: string | undefined;
	private nextId = 0;

	private readonly child: ChildProcessWithoutNullStreams;
	private readonly timeoutMs: number;

	constructor(child: ChildProcessWithoutNullStreams, timeoutMs: number) {
		this.child = child;
		this.timeoutMs = timeoutMs;
		child.stdout.setEncoding("utf8").on("data", (chunk: string) => this.onData(chunk));
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
			this.stderrText += chunk;
		});
		child.stdin.on("error", () => {});
		this.exited = new Promise((resolveExit) => {
			child.on("close", (code, signal) => {
				this.exitInfo = `pi exited (code ${code}, signal ${signal})`;
				for (const listener of [...this.listeners]) listener({ type: "__exit__" });
				resolveExit();
			});
		});
	}

	stderr(): string {
		return this.stderrText;
	}

	private onData(chunk: string): void {
		this.buffer += chunk;
		for (let nl = this.buffer.indexOf("\n"); nl >= 0; nl = this.buffer.indexOf("\n")) {
			let line = this.buffer.slice(0, nl);
			this.buffer = this.buffer.slice(nl + 1);
			if (line.endsWith("\r")) line = line.slice(0, -1);
			if (line.trim() === "") continue;
			let event: RpcEvent;
			try {
				event = JSON.parse(line) as RpcEvent;
			} catch {
				event = { type: "__unparsable__", line };
			}
			this.events.push(event);
			for (const listener of [...this.listeners]) listener(event);
		}
	}

	private send(record: Record<string, unknown>): void {
		this.child.stdin.write(`${JSON.stringify(record)}\n`);
	}

	private failure(what: string): Error {
		const exit = this.exitInfo ? ` — ${this.exitInfo}` : "";
		const recent = this.events
			.slice(-8)
			.map((e) => JSON.stringify(e).slice(0, 400))
			.join("\n");
		return new Error(`${what}${exit}\nlast events:\n${recent}\nstderr:\n${this.stderrText}`);
	}

	waitFor(predicate: (event: RpcEvent) => boolean, what: string, timeoutMs = this.timeoutMs): Promise<RpcEvent> {
		const found = this.events.find(predicate);
		if (found) return Promise.resolve(found);
		return new Promise((resolveWait, reject) => {
			const listener: Listener = (event) => {
				if (event.type === "__exit__") {
					done();
					reject(this.failure(`waiting for ${what}`));
				} else if (predicate(event)) {
					done();
					resolveWait(event);
				}
			};
			const timer = setTimeout(() => {
				done();
				reject(this.failure(`timed out after ${timeoutMs} ms waiting for ${what}`));
			}, timeoutMs);
			const done = () => {
				clearTimeout(timer);
				this.listeners.delete(listener);
			};
			if (this.exitInfo) {
				reject(this.failure(`waiting for ${what}`));
				return;
			}
			this.listeners.add(listener);
		});
	}

	async command(command: Record<string, unknown>, timeoutMs = this.timeoutMs): Promise<RpcEvent> {
		const id = `t${++this.nextId}`;
		const response = this.waitFor(
			(e) => e.type === "response" && e.id === id,
			`response to ${command.type}`,
			timeoutMs,
		);
		this.send({ ...command, id });
		return response;
	}

	async prompt(message: string, options: PromptOptions = {}): Promise<PromptRun> {
		const start = this.events.length;
		const run: PromptRun = { events: [], dialogs: [], toolEnds: [], notifications: [] };
		const maxDialogs = options.maxDialogs ?? 100;
		let handlerError: unknown;
		const onEvent: Listener = (event) => {
			if (event.type !== "extension_ui_request") return;
			if (event.method === "notify") run.notifications.push(String(event.message ?? ""));
			if (!DIALOG_METHODS.has(String(event.method))) return;
			const request = event as unknown as UiRequest;
			run.dialogs.push(request);
			void this.answer(request, run.dialogs.length > maxDialogs ? undefined : options.onDialog).catch((error) => {
				handlerError ??= error;
			});
			if (run.dialogs.length > maxDialogs) handlerError ??= new Error(`more than ${maxDialogs} dialogs: a loop?`);
		};
		this.listeners.add(onEvent);
		try {
			const settled = this.waitFor(
				(e) => e.type === "agent_settled" && this.events.indexOf(e) >= start,
				`agent_settled after prompt ${JSON.stringify(message)}`,
				options.timeoutMs,
			);
			// Observed below; without this a failed prompt would also surface as an unhandled rejection.
			settled.catch(() => {});
			const response = await this.command({ type: "prompt", message }, options.timeoutMs);
			if (response.success !== true) throw this.failure(`prompt rejected: ${JSON.stringify(response)}`);
			if (!options.noTurn) await settled;
		} finally {
			this.listeners.delete(onEvent);
		}
		run.events = this.events.slice(start);
		run.toolEnds = run.events.filter((e) => e.type === "tool_execution_end") as unknown as ToolExecutionEnd[];
		if (handlerError) throw this.failure(`dialog handler failed: ${String(handlerError)}`);
		return run;
	}

	private async answer(request: UiRequest, handler: UiHandler | undefined): Promise<void> {
		if (!handler) {
			this.send({ type: "extension_ui_response", id: request.id, cancelled: true });
			throw new Error(`unexpected dialog ${JSON.stringify(request)}`);
		}
		let response: UiResponse;
		try {
			response = await handler(request);
		} catch (error) {
			this.send({ type: "extension_ui_response", id: request.id, cancelled: true });
			throw error;
		}
		this.send({ type: "extension_ui_response", id: request.id, ...response });
	}

	async close(): Promise<void> {
		if (!this.exitInfo) {
			this.child.stdin.end();
			const timer = setTimeout(() => this.child.kill("SIGKILL"), 3_000);
			await this.exited;
			clearTimeout(timer);
		}
	}
}

/** A fake model, an agent dir and a cwd for one test file; `dispose()` removes everything. */
export interface PiHarness {
	fake: FakeModel;
	agentDir: string;
	cwd: string;
	/** Options for the spawn helpers, with this harness's dirs. */
	options(extra?: Partial<PiOptions>): PiOptions;
	/** Starts an RPC session that is closed by `dispose()`. */
	rpc(extra?: Partial<PiOptions>): RpcSession;
	dispose(): Promise<void>;
}

/** Sets up the fake model and hermetic dirs. */
export async function createHarness(
	script: Step[] = [],
	agentDirOptions: Omit<AgentDirOptions, "port"> = {},
): Promise<PiHarness> {
	const fake = await startFakeModel(script);
	const agentDir = makeAgentDir({ ...agentDirOptions, port: fake.port });
	// realpath: macOS tmpdir is a symlink, and Pi reports cwd resolved.
	const cwd = realpathSync(mkdtempSync(join(tmpdir(), "pi-ask-cwd-")));
	const sessions: RpcSession[] = [];
	const options = (extra: Partial<PiOptions> = {}): PiOptions => ({ agentDir, cwd, ...extra });
	return {
		fake,
		agentDir,
		cwd,
		options,
		rpc(extra) {
			const session = startRpc(options(extra));
			sessions.push(session);
			return session;
		},
		async dispose() {
			await Promise.all(sessions.map((s) => s.close()));
			await fake.close();
			removeDir(agentDir);
			removeDir(cwd);
		},
	};
}

/** The text of a tool result's content parts, joined. */
export function toolResultText(end: ToolExecutionEnd): string {
	return end.result.content.map((part) => part.text ?? "").join("");
}
