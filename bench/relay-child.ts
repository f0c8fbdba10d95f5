/**
 * A relay server in a process of its own, for `relay.ts`: the real server (src/relay/server.ts) with
 * handlers that refuse every ask, and Node's event-loop delay histogram watching its main thread. The
 * parent drives it over IPC: `reset` clears the histogram, `read` reports its max since (ms), `parse`
 * times JSON.parse alone of one of the bench's lines (what ran before the shape guard), `memory` reports
 * the process's RSS after a GC, `exit` ends it. With `--hold`, asks are held open as a dialog holds them
 * (their questions kept) until their connection closes; `--unbounded` lifts the bound on their bytes.
 * The hostile lines come from the parent, another process, so none of their making is counted here.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startRelayServer } from "../src/relay/server.ts";
import { type HostileCase, hostileLine } from "./relay-lines.ts";

type Command =
	| { type: "reset" }
	| { type: "read" }
	| { type: "parse"; case: HostileCase }
	| { type: "memory" }
	| { type: "exit" };

const hold = process.argv.includes("--hold");
const held = new Set<unknown>();
const limits = process.argv.includes("--unbounded") ? { openAskBytes: Number.POSITIVE_INFINITY } : {};
const gc = (globalThis as { gc?: () => void }).gc;

const server = await startRelayServer(
	{
		ask: (request, signal, accepted) => {
			if (!hold) return Promise.resolve({ ok: false, code: "invalid_questions", message: "refused (bench)" });
			held.add(request);
			accepted("q");
			return new Promise((resolve) =>
				signal.addEventListener("abort", () => {
					held.delete(request);
					resolve({ ok: true, result: { outcome: "interrupted" } });
				}),
			);
		},
		list: () => [],
		answer: async () => ({ ok: false, code: "not_found", message: "none" }),
		pairedClient: () => undefined,
		showPairingCode: () => false,
		pair: () => "",
	},
	{ limits },
);
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

const send = (message: unknown) => process.send?.(message);

process.on("message", (command: Command) => {
	if (command.type === "reset") {
		delay.reset();
		send({ type: "reset" });
	} else if (command.type === "read") send({ type: "read", maxMs: delay.max / 1e6 });
	else if (command.type === "memory") {
		gc?.();
		send({ type: "memory", rss: process.memoryUsage().rss, open: server.openAsks() });
	} else if (command.type === "parse") {
		const line = hostileLine(command.case, "x");
		const started = performance.now();
		try {
			JSON.parse(line);
		} catch {
			// A refusal costs the same.
		}
		send({ type: "parse", ms: performance.now() - started });
	} else void server.close().then(() => process.exit(0));
});

send({ type: "ready", socket: server.socketPath, token: server.askToken });
