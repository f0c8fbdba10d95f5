/**
 * Waits and gestures the end-to-end tests of the real `pi` TUI share: the fake model's n-th request, the
 * tool result it received last, a slash command typed into Pi's editor. A wait that runs out fails with
 * the screen, so a failure shows what the person would have seen.
 */
import type { ParsedRequest } from "./fake-model.ts";
import type { PiHarness } from "./pi.ts";
import type { TuiSession } from "./tty.ts";

const POLL_MS = 50;
const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/** The `n`-th request the fake model received (1 is the first), waiting up to `timeoutMs` for it. */
export async function modelRequest(
	h: PiHarness,
	session: TuiSession,
	n: number,
	timeoutMs = 20_000,
): Promise<ParsedRequest> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const request = h.fake.requests[n - 1];
		if (request) return request;
		await pause();
	}
	throw new Error(`the model got ${h.fake.requests.length} of ${n} requests; screen:\n${await session.screen()}`);
}

/** The tool result in the fake model's latest request, waiting up to `timeoutMs` for one. */
export async function modelResult(h: PiHarness, session: TuiSession, timeoutMs = 10_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const received = h.fake.requests.at(-1)?.lastToolResult;
		if (received !== undefined) return received;
		await pause();
	}
	throw new Error(`no tool result reached the model (${session.backend}); screen:\n${await session.screen()}`);
}

/** Types a slash command (e.g. "/answer") into Pi's editor and runs it. */
export function slashCommand(session: TuiSession, command: string): void {
	session.type(command);
	session.keys("Enter");
}
