/**
 * Captures the real pi TUI for a screenshot: pi 1.6.0 (Node 22) with this extension runs in a private
 * tmux server against the scripted fake model, which opens the questionnaire on the first prompt;
 * keys are typed with `send-keys` and the screen is read with `capture-pane -e -p`, which keeps the
 * colours and attributes as SGR sequences. Hermetic like the tests: a throwaway agent dir and cwd,
 * no other extensions, offline. Stub `fd`/`rg` on PATH keep Pi's "not found" warnings off the picture.
 */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeAgentDir, removeDir, type Step, startFakeModel } from "../../test/support/fake-model.ts";
import { piArgs, piCommand, piEnv } from "../../test/support/pi.ts";
import { startPiPane, tmuxServer } from "../../test/support/tmux.ts";

/** What one capture runs: the model's first turn, the terminal size and what the user does. */
export interface CaptureSpec {
	/** The fake model's first answer (usually an ask_user_question call). */
	step: Step;
	cols: number;
	rows: number;
	/** Files written into the agent dir (e.g. `ask-user-question.json`). */
	agentFiles?: Record<string, string>;
	/** The user's first prompt (default "Ask me."). */
	prompt?: string;
	/** Extra environment for pi (e.g. `LANG`). */
	env?: Record<string, string>;
	/** Text that shows the questionnaire is open. */
	ready: string;
	/** tmux key names sent one by one after `ready`; a `{ wait: text }` entry waits for that text. */
	keys: (string | { wait: string })[];
	/** Text the final screen must contain. */
	expect: string;
}

/** The captured screen: `rows` lines with SGR sequences, and the plain text (for checks). */
export interface Capture {
	ansi: string;
	text: string;
	cols: number;
	rows: number;
}

/** Runs pi, plays the keys, and returns the settled screen. Cleans up everything it made. */
export async function capture(spec: CaptureSpec): Promise<Capture> {
	const fake = await startFakeModel([spec.step, { text: "Thanks, continuing with these answers." }]);
	const agentDir = makeAgentDir({ port: fake.port, extraFiles: spec.agentFiles });
	const cwd = realpathSync(mkdtempSync(join(tmpdir(), "pi-ask-shot-")));
	const bin = join(cwd, ".bin");
	mkdirSync(bin);
	for (const [tool, version] of [
		["fd", "fd 10.2.0"],
		["rg", "ripgrep 14.1.1"],
	] as const) {
		writeFileSync(join(bin, tool), `#!/bin/sh\necho "${version}"\n`);
		chmodSync(join(bin, tool), 0o755);
	}
	const env: NodeJS.ProcessEnv = {
		...piEnv(agentDir, spec.env),
		PATH: `${bin}:${process.env.PATH ?? ""}`,
		TERM: "xterm-256color",
		COLORTERM: "truecolor",
	};
	delete env.NO_COLOR;
	delete env.TMUX;
	const server = tmuxServer("pi-ask-shot", env);
	const tmux = server.run;
	const { command, args } = piCommand();
	try {
		startPiPane(server, {
			cols: spec.cols,
			rows: spec.rows,
			cwd,
			argv: [command, ...args, ...piArgs({}), spec.prompt ?? "Ask me."],
		});
		const plain = () => tmux("capture-pane", "-p", "-t", "pi");
		await waitFor(plain, spec.ready);
		for (const key of spec.keys) {
			if (typeof key === "string") {
				tmux("send-keys", "-t", "pi", key);
				await sleep(120);
			} else {
				await waitFor(plain, key.wait);
			}
		}
		await waitFor(plain, spec.expect);
		const text = await settled(plain);
		const ansi = tmux("capture-pane", "-e", "-p", "-t", "pi");
		return { ansi, text, cols: spec.cols, rows: spec.rows };
	} finally {
		server.kill();
		await fake.close();
		removeDir(agentDir);
		removeDir(cwd);
	}
}

async function waitFor(screen: () => string, text: string, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let last = "";
	while (Date.now() < deadline) {
		last = screen();
		if (last.includes(text)) return;
		await sleep(100);
	}
	throw new Error(`timed out waiting for ${JSON.stringify(text)}; screen:\n${last}`);
}

/** The screen once two reads 300 ms apart agree (spinners aside, the TUI has finished drawing). */
async function settled(screen: () => string): Promise<string> {
	let previous = screen();
	for (let i = 0; i < 20; i++) {
		await sleep(300);
		const next = screen();
		if (next === previous) return next;
		previous = next;
	}
	return previous;
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
