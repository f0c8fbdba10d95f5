/**
 * A relay server in a process of its own, for `relay.ts`: the real server (src/relay/server.ts) with
 * handlers that refuse every ask, and Node's event-loop delay histogram watching its main thread. The
 * parent drives it over IPC: `reset` clears the histogram, `read` reports its max since (ms), `parse`
 * times JSON.parse alone of one of the bench's lines (what ran before the shape guard), `exit` ends it.
 * The hostile lines come from the parent, another process, so none of their making is counted here.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startRelayServer } from "../src/relay/server.ts";
import { type HostileCase, hostileLine } from "./relay-lines.ts";

type Command = { type: "reset" } | { type: "read" } | { type: "parse"; case: HostileCase } | { type: "exit" };

const server = await startRelayServer({
	ask: async () => ({ ok: false, code: "invalid_questions", message: "refused (bench)" }),
	list: () => [],
	answer: async () => ({ ok: false, code: "not_found", message: "none" }),
	pairedClient: () => undefined,
	showPairingCode: () => false,
	pair: () => "",
});
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

const send = (message: unknown) => process.send?.(message);

process.on("message", (command: Command) => {
	if (command.type === "reset") {
		delay.reset();
		send({ type: "reset" });
	} else if (command.type === "read") send({ type: "read", maxMs: delay.max / 1e6 });
	else if (command.type === "parse") {
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
