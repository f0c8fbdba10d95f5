/**
 * The lines a hostile relay client sends in `relay.ts`: each a whole `ask` envelope (it passes the framing
 * and the version check), under the 4 MiB line limit, whose questions are built to cost the reader most.
 */

import { RELAY_PROTOCOL_VERSION } from "../src/relay/protocol.ts";

/** Which line. */
export type HostileCase = "deep" | "values" | "string";

const from = { cwd: "/bench", depth: 1 };

/** The line of `which`, ended by "\n". */
export function hostileLine(which: HostileCase, id: string): string {
	const head = `{"v":${RELAY_PROTOCOL_VERSION},"type":"ask","id":${JSON.stringify(id)},"from":${JSON.stringify(from)},"questions":`;
	if (which === "deep") return `${head}${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}\n`;
	if (which === "values") return `${head}[${"0,".repeat(1_000_000)}0]}\n`;
	// The largest ordinary line: one question whose text is 4 MB (refused later, by the questions' rules).
	return `${head}[{"question":"${"x".repeat(4 * 1024 * 1024 - 200)}"}]}\n`;
}
