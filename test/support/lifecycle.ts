/**
 * The start/tear-down hooks the end-to-end test files share: one harness (or Pi RPC process) serving
 * every test of a file, a fresh Pi TUI per test, or a harness per test with any number of terminals and
 * temporary folders. Each helper registers its vitest hooks when called at the top level of a test file,
 * so a file cannot start a process and forget to stop it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { removeDir, type Step } from "./fake-model.ts";
import { createHarness, type PiHarness, type RpcSession } from "./pi.ts";
import { startTui, type TuiOptions, type TuiSession } from "./tty.ts";

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

/** How {@link PerTest.tui} starts Pi: an initial prompt, a session folder to keep or continue, a size. */
export interface PerTestTuiOptions {
	/** The initial prompt (none: Pi waits for one). */
	prompt?: string;
	/** Arguments before the prompt (e.g. `-e` another extension). */
	extraArgs?: string[];
	/** Keep the session in this folder (see {@link PerTest.tempDir}); none: no session file. */
	sessionDir?: string;
	/** With `sessionDir`: continue its latest session, as a restart of Pi does (`--continue`). */
	resume?: boolean;
	cols?: number;
	rows?: number;
	/** Variables set for Pi itself inside the terminal (see TuiOptions.paneEnv). */
	paneEnv?: Record<string, string>;
}

/** A test's own harness, the Pi terminals started on it and its temporary folders; all gone after the test. */
export interface PerTest {
	/** Makes this test's harness, whose fake model plays `steps` (one per test; a second call throws). */
	harness(steps?: Step[], options?: Parameters<typeof createHarness>[1]): Promise<PiHarness>;
	/** This test's harness once made, else undefined (a helper that starts Pi twice makes it once). */
	readonly current: PiHarness | undefined;
	/** Starts the real pi TUI on this test's harness; it is closed after the test. */
	tui(options?: PerTestTuiOptions): TuiSession;
	/** A fresh temporary folder (a session folder, a recording), removed after the test. */
	tempDir(prefix?: string): string;
}

/**
 * For tests that each make their own harness (their own script or config files) and may start Pi more
 * than once on it (a restart on the same session folder): an `afterEach` closes every terminal, disposes
 * of the harness and removes the folders. `size` is the terminals' size unless a start says otherwise.
 */
export function perTest(size: { cols?: number; rows?: number } = {}): PerTest {
	let h: PiHarness | undefined;
	const sessions: TuiSession[] = [];
	const dirs: string[] = [];
	afterEach(async () => {
		for (const session of sessions.splice(0)) session.close();
		await h?.dispose();
		h = undefined;
		for (const dir of dirs.splice(0)) removeDir(dir);
	});
	const made = (): PiHarness => {
		if (h === undefined) throw new Error("start Pi after making the test's harness");
		return h;
	};
	return {
		async harness(steps = [], options = {}) {
			if (h !== undefined) throw new Error("this test made its harness already");
			h = await createHarness(steps, options);
			return h;
		},
		get current() {
			return h;
		},
		tui(options = {}) {
			const { prompt, extraArgs = [], sessionDir, resume, paneEnv } = options;
			const args = [...extraArgs, ...(prompt === undefined ? [] : [prompt])];
			const tuiOptions: TuiOptions = {
				...made().options({ extraArgs: args, sessionDir, continueSession: resume }),
				cols: options.cols ?? size.cols,
				rows: options.rows ?? size.rows,
				...(paneEnv === undefined ? {} : { paneEnv }),
			};
			const session = startTui(tuiOptions);
			sessions.push(session);
			return session;
		},
		tempDir(prefix = "pi-ask-test-") {
			const dir = mkdtempSync(join(tmpdir(), prefix));
			dirs.push(dir);
			return dir;
		},
	};
}
