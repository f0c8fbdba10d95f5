/**
 * The relay in Pi (src/relay; DESIGN.md §10). A Pi that can show questions (the TUI, or an RPC client's
 * dialogs) serves the Pis below it: at session start, off the start-up path, it opens a private socket,
 * puts its path and the ask secret in its own environment (so everything it starts inherits them, at any
 * depth) and lists itself for `pi-ask` (relay/registry.ts). A Pi without a UI (print or JSON mode: a
 * subagent, a script) that inherited them checks at session start that the relay answers, then offers
 * ask_user_question with no flag or config and asks through it; it passes the relay on one level deeper.
 * A Pi running inside the serving Pi's own process (an in-process subagent whose extensions load) asks
 * it directly, without the socket, under the same rules. Where none of this holds, nothing changes: the
 * tool stays hidden without a UI. `PI_ASK_RELAY=off` turns it all off; so does Windows (no Unix sockets).
 */
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { RelayAsk, ShowingHost } from "../ask/ask.ts";
import type { AskConfig } from "../config/schema.ts";
import { editorHoldsText } from "../host/composing.ts";
import type { PendingStore } from "../pending/store.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { askingEnv, endpointFromEnv, type RelayEndpoint, relayOff, servingEnv } from "../relay/env.ts";
import type { PresentDeps } from "../relay/present.ts";
import type { RelayReply } from "../relay/protocol.ts";
import type { EventBus } from "../tool/answer-events.ts";
import { attempt } from "../util/records.ts";
import { piHost } from "./host-ui.ts";
import { warn } from "./warn.ts";

/** What the relay needs from the rest of the extension. */
export interface RelayDeps {
	config: () => AskConfig;
	store: PendingStore;
	events: EventBus;
	agentDir: string;
	/** Keeps a subagent's questionnaire answered here in the transcript. */
	trace?: PresentDeps["trace"];
}

/** The relay as the tool sees it. */
export interface RelayAccess {
	/** True when this Pi has no UI but a relay above answers: the tool is offered and asks through it. */
	reachable(): boolean;
	/** How to ask through it (defined while reachable). */
	ask(): RelayAsk | undefined;
}

/** How long a Pi below waits at session start for the relay above to say hello back. */
const PROBE_MS = 1_000;

/** The endpoint this process inherited, read once per process (before it passes the relay on). */
const INHERITED = Symbol.for("pi-ask-user-question/relay-endpoint");

/** The serving Pi of this process, for Pis running inside it (in-process subagents): no socket needed. */
const IN_PROCESS = Symbol.for("pi-ask-user-question/relay-in-process");

/** What the serving Pi offers the Pis in its own process. */
interface InProcessRelay {
	ask(request: { questions: unknown; from: Origin }, signal: AbortSignal): Promise<RelayReply>;
}

/** Set once the person was told this process's registry entry cannot be written. */
const REGISTRY_WARNED = Symbol.for("pi-ask-user-question/relay-registry-warned");

/** Where a Pi without a UI asks: the relay of a Pi above (socket), or the serving Pi of its own process. */
type Asking =
	| { via: "socket"; endpoint: RelayEndpoint; reachable: boolean; cwd: string }
	| { via: "process"; relay: InProcessRelay; cwd: string };

/** Installs both sides; only the one that fits each session start runs. */
export function installRelay(pi: ExtensionAPI, deps: RelayDeps): RelayAccess {
	let host: ShowingHost | undefined;
	let serving: ReturnType<typeof startServing> | undefined;
	let asking: Asking | undefined;
	let task: string | undefined;

	pi.on("session_start", async (_event, ctx) => {
		if (relayOff(process.env) || process.platform === "win32") return;
		if (ctx.hasUI) {
			const { ui } = ctx;
			host = { ...piHost(ui), hasUI: true, mode: ctx.mode, composing: () => editorHoldsText(ui) };
			serving ??= startServing(deps, () => host, ctx);
			return;
		}
		const local = inProcessRelay();
		if (local !== undefined) {
			asking = { via: "process", relay: local, cwd: ctx.cwd };
			return;
		}
		const endpoint = inheritedEndpoint();
		if (endpoint === undefined) return;
		applyEnv(askingEnv(endpoint));
		asking = { via: "socket", endpoint, reachable: await probe(endpoint), cwd: ctx.cwd };
	});
	pi.on("before_agent_start", (event) => {
		// The subagent's task, as the person would want to see it beside its questions.
		const prompt = "prompt" in event ? event.prompt : undefined;
		if (asking && task === undefined && typeof prompt === "string") task = prompt;
	});
	pi.on("session_shutdown", async () => {
		host = undefined;
		const ending = serving;
		serving = undefined;
		await (await ending)?.stop();
	});

	const origin = (): Origin => {
		const endpoint = asking?.via === "socket" ? asking.endpoint : undefined;
		const from: Origin = { cwd: asking?.cwd ?? process.cwd(), depth: endpoint?.depth ?? 1, pid: process.pid };
		const name = endpoint?.name ?? sessionName(pi);
		if (name) from.name = name;
		const shown = taskOf(task);
		if (shown) from.task = shown;
		return from;
	};
	return {
		reachable: () => asking?.via === "process" || asking?.reachable === true,
		ask: () => {
			const now = asking;
			if (now?.via === "process")
				return (questionnaire, signal) => askInProcess(now.relay, questionnaire, origin(), signal);
			if (now?.via !== "socket" || !now.reachable) return undefined;
			return async (questionnaire, signal) => {
				const { askThroughRelay } = await import("../relay/ask.ts");
				return askThroughRelay(now.endpoint, questionnaire, origin(), signal);
			};
		},
	};
}

/** The start of a subagent's first prompt, as its task ("Task: " prefixes of subagent extensions dropped). */
function taskOf(prompt: string | undefined): string | undefined {
	const text = prompt?.trim().replace(/^task:\s*/i, "");
	return text ? text.slice(0, 300) : undefined;
}

/** Asks the serving Pi of this process directly; its reply is read back as a socket's would be. */
async function askInProcess(
	relay: InProcessRelay,
	questionnaire: Questionnaire,
	from: Origin,
	signal: AbortSignal | undefined,
): Promise<QuestionnaireResult> {
	const { resultOfReply } = await import("../relay/reply.ts");
	const { cutShortResult } = await import("../protocol/result.ts");
	if (signal?.aborted) return cutShortResult("relay", questionnaire.questions.length);
	const reply = await relay.ask({ questions: questionnaire.questions, from }, signal ?? new AbortController().signal);
	return resultOfReply(reply, questionnaire);
}

/** Starts the server a moment after session start (nothing of it is on Pi's start-up path); resolves with its stop. */
function startServing(
	deps: RelayDeps,
	host: () => ShowingHost | undefined,
	ctx: ExtensionContext,
): Promise<{ stop(): Promise<void> } | undefined> {
	const mode = ctx.mode ?? "tui";
	const cwd = ctx.cwd;
	return new Promise<void>((resolve) => setImmediate(resolve))
		.then(async () => {
			const [{ startRelayServer }, { presentRelayedAsk }, { QuestionnaireBoard }, registry, pairing, screen] =
				await Promise.all([
					import("../relay/server.ts"),
					import("../relay/present.ts"),
					import("../relay/board.ts"),
					import("../relay/registry.ts"),
					import("../relay/pairing.ts"),
					import("../relay/pairing-screen.ts"),
				]);
			const { events, store, config } = deps;
			const board = new QuestionnaireBoard({ events, store });
			const present: PresentDeps = { host, config, events, store, trace: deps.trace };
			const server = await startRelayServer({
				ask: (request, signal, accepted) => presentRelayedAsk(request, signal, accepted, present),
				list: () => board.list(),
				answer: (questionnaire, fields, client) => board.answer(questionnaire, fields, client),
				pairedClient: (token) => pairing.pairedClients(deps.agentDir).find(token)?.name,
				// A questionnaire open in Pi's TUI covers the chat, where the code's notice lands.
				showPairingCode: (name, code) =>
					screen.showPairingCode(host()?.ui, config(), name, code, () => mode === "tui" && store.open().length > 0),
				pair: (name) => {
					const { credential } = pairing.pairedClients(deps.agentDir).add(name);
					screen.showPaired(host()?.ui, config(), name);
					return credential;
				},
			});
			const previous = applyEnv(servingEnv(server.socketPath, server.askToken));
			const local: InProcessRelay = { ask: (request, signal) => presentRelayedAsk(request, signal, () => {}, present) };
			const slot = globalThis as { [IN_PROCESS]?: InProcessRelay };
			slot[IN_PROCESS] ??= local;
			let entry: string | undefined;
			try {
				entry = registry.writeEntry(deps.agentDir, {
					v: registry.REGISTRY_VERSION,
					pid: process.pid,
					socket: server.socketPath,
					cwd,
					startedAt: Date.now(),
					mode,
				});
			} catch (error) {
				// Without the entry only `pi-ask` cannot find this Pi; the Pis below still ask.
				const why = error instanceof Error ? error.message : String(error);
				registryFailed(
					ctx,
					`pi-ask cannot find this Pi: its entry in ${registry.registryDir(deps.agentDir)} could not be written (${why}). Questions from the Pis it starts still reach you here.`,
				);
			}
			// What crashed Pis left (their sockets' directories), in the background.
			const keep = dirname(server.socketPath);
			void import("../relay/dead-dirs.ts")
				.then((dead) => dead.removeDeadRelayDirs({ agentDir: deps.agentDir, keep }))
				.catch(() => {});
			// Pi exits within milliseconds of losing its terminal: what it leaves behind goes synchronously.
			const onExit = () => {
				if (entry !== undefined) registry.removeEntry(entry);
				rmSync(dirname(server.socketPath), { recursive: true, force: true });
			};
			process.on("exit", onExit);
			return {
				stop: async () => {
					if (slot[IN_PROCESS] === local) delete slot[IN_PROCESS];
					process.off("exit", onExit);
					applyEnv(previous);
					if (entry !== undefined) registry.removeEntry(entry);
					await server.close();
				},
			};
		})
		.catch(() => undefined);
}

/** Warns once per process: each later session start (Pi loads the extension again for /new) fails alike. */
function registryFailed(ctx: ExtensionContext, message: string): void {
	const slot = globalThis as { [REGISTRY_WARNED]?: true };
	if (!slot[REGISTRY_WARNED]) warn(ctx, message);
	slot[REGISTRY_WARNED] = true;
}

/** The serving Pi of this process, if one serves. */
function inProcessRelay(): InProcessRelay | undefined {
	return (globalThis as { [IN_PROCESS]?: InProcessRelay })[IN_PROCESS];
}

/** The endpoint inherited from the environment, as it was when this process first read it. */
function inheritedEndpoint(): RelayEndpoint | undefined {
	const store = globalThis as { [INHERITED]?: RelayEndpoint | null };
	if (store[INHERITED] === undefined) store[INHERITED] = endpointFromEnv(process.env) ?? null;
	return store[INHERITED] ?? undefined;
}

/** True when the relay at `endpoint` welcomes its secret to ask, within {@link PROBE_MS}. */
async function probe(endpoint: RelayEndpoint): Promise<boolean> {
	try {
		const { openRelayLink } = await import("../relay/client.ts");
		const link = await openRelayLink(endpoint.socket, endpoint.token, { timeoutMs: PROBE_MS, client: "probe" });
		link.close();
		return link.can.includes("ask");
	} catch {
		return false;
	}
}

/** Sets (or, for undefined, removes) each variable in process.env; returns what was there before. */
function applyEnv(values: Record<string, string | undefined>): Record<string, string | undefined> {
	const previous: Record<string, string | undefined> = {};
	for (const [key, value] of Object.entries(values)) {
		previous[key] = process.env[key];
		if (value === undefined) delete process.env[key];
		else process.env[key] = value;
	}
	return previous;
}

function sessionName(pi: ExtensionAPI): string | undefined {
	return attempt(() => pi.getSessionName()?.trim() || undefined, undefined);
}
