/**
 * The start/tear-down hooks the end-to-end test files share: one harness (or Pi RPC process) serving
 * every test of a file, or a fresh Pi TUI per test. Each helper registers its vitest hooks when called at the
 * top level of a test file, so a file cannot start a process and forget to stop it.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Step } from "./fake-model.ts";
import { createHarness, type PiHarness, type RpcSession } from "./pi.ts";
import { startTui, type TuiSession } from "./tty.ts";

/** A harness shared by a file's tests, readable inside them (after `beforeAll` has run). */
export interface SharedHarness {
	readonly h: PiHarness;
}

/** A shared harness and its RPC session. */
export interface SharedRpc extends SharedHarness {
	readonly rpc: RpcSession;
}

function shared(withRpc: boolean): SharedRpc {
	let h: PiHarness | undefined;
	let rpc: RpcSession | undefined;
	beforeAll(async () => {
		h = await createHarness();
		if (withRpc) rpc = h.rpc();
	});
	afterAll(async () => {
		await h?.dispose();
	});
	return {
		get h() {
			if (h === undefined) throw new Error("the harness is read before beforeAll ran");
			return h;
		},
		get rpc() {
			if (rpc === undefined) throw new Error("the RPC session is read before beforeAll ran, or was not asked for");
			return rpc;
		},
	};
}

/** One harness (fake model, agent dir, cwd) for the whole file: made in `beforeAll`, disposed of in `afterAll`. */
export function sharedHarness(): SharedHarness {
	return shared(false);
}

/** One Pi RPC process for the whole file: started in `beforeAll`, disposed of (with its harness) in `afterAll`. */
export function sharedRpc(): SharedRpc {
	return shared(true);
}

/** A Pi TUI started by {@link tuiPerTest}'s function, with the harness whose fake model it talks to. */
export interface StartedTui {
	harness: PiHarness;
	session: TuiSession;
}

/**
 * Returns a function that starts the real pi TUI on a fresh harness whose fake model plays `steps`,
 * with `prompt` as the initial prompt; an `afterEach` closes it and disposes of the harness. `piHome`
 * picks the Pi install (support/pi.ts `piCommand`; the devDependency by default).
 */
export function tuiPerTest(
	piHome: () => string | undefined = () => undefined,
): (
	steps: Step[],
	prompt: string,
	size?: { cols: number; rows: number },
	agentFiles?: Record<string, string>,
) => Promise<StartedTui> {
	let h: PiHarness | undefined;
	let tui: TuiSession | undefined;
	afterEach(async () => {
		tui?.close();
		tui = undefined;
		await h?.dispose();
		h = undefined;
	});
	return async (steps, prompt, size, agentFiles) => {
		const harness = await createHarness(steps, agentFiles ? { extraFiles: agentFiles } : {});
		h = harness;
		const session = startTui({ ...harness.options({ extraArgs: [prompt] }), ...size, piHome: piHome() });
		tui = session;
		return { harness, session };
	};
}
