/**
 * The TUI tests' terminals say when the program in them has exited (test/support/tty.ts `waitForExit`).
 * Root cause: after `/quit` the tests waited for Pi's goodbye line ("To resume this session"), which on a
 * loaded machine sometimes never reached the screen while tmux already showed "Pane is dead (status 0)":
 * the wait timed out on a Pi that had quit. A dead pane is now read as the exit it is, output or not.
 */
import { describe, expect, it } from "vitest";
import { paneDead, startPiPane, tmuxServer } from "../support/tmux.ts";
import { tmuxAvailable } from "../support/tty.ts";
import { startScriptTerminal } from "../support/tty-script.ts";

const until = async (check: () => boolean, ms = 10_000) => {
	const deadline = Date.now() + ms;
	while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

describe.skipIf(!tmuxAvailable())("a tmux pane", () => {
	it.each([
		["exits", "sleep 1; exit 3"],
		["is killed", "sleep 1; kill -9 $$"],
	])("reads as running, then as dead once its program %s, though it printed nothing", async (_, script) => {
		const server = tmuxServer("pi-ask-exit", { ...process.env });
		try {
			const argv = ["sh", "-c", script];
			startPiPane(server, { cols: 40, rows: 5, cwd: process.cwd(), argv, remainOnExit: true });
			expect(paneDead(server)).toBe(false);
			await until(() => paneDead(server));
			expect(paneDead(server)).toBe(true);
			expect(server.run("capture-pane", "-p", "-t", "pi")).not.toContain("To resume this session");
		} finally {
			server.kill();
		}
	});
});

describe("the script terminal", () => {
	it("reads as running, then as exited with the program's status", async () => {
		const options = { cols: 40, rows: 5, cwd: process.cwd(), env: process.env };
		const term = startScriptTerminal("sh", ["-c", "sleep 1; exit 3"], options);
		try {
			expect(term.exited()).toBeUndefined();
			await until(() => term.exited() !== undefined);
			expect(term.exited()).toBe(3);
		} finally {
			term.close();
		}
	});
});
