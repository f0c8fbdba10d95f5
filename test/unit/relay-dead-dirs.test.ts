/**
 * Dead socket directories. Root cause: a relay's directory was removed only when its Pi ended, and a
 * crash leaves the directory with its socket (the docs said an empty one): 86 of 136 `pi-ask-*` dirs on
 * a shared machine held a dead `relay.sock`. The next Pi or `pi-ask` removes them, never another user's,
 * a live one, a young one or one holding anything else. A crash is a real SIGKILL of a listening process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	rmSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeDeadRelayDirs } from "../../src/relay/dead-dirs.ts";
import { REGISTRY_VERSION, readEntries, writeEntry } from "../../src/relay/registry.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";

const made: string[] = [];
const servers: RelayServer[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()));
	for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
	const dir = mkdtempSync(join(tmpdir(), "dead-dirs-test-"));
	made.push(dir);
	return dir;
}

/** Makes both older than the grace period. */
function age(...paths: string[]): void {
	const old = new Date(Date.now() - 10 * 60_000);
	for (const path of paths) utimesSync(path, old, old);
}

/** A relay directory whose server was killed with SIGKILL: the directory and its socket stay. */
async function crashed(parent: string): Promise<string> {
	const dir = mkdtempSync(join(parent, "pi-ask-"));
	const socket = join(dir, "relay.sock");
	const child: ChildProcess = spawn(process.execPath, [
		"-e",
		`require("node:net").createServer().listen(${JSON.stringify(socket)}, () => console.log("up"))`,
	]);
	await new Promise<void>((resolve, reject) => {
		child.stdout?.once("data", () => resolve());
		child.once("exit", (code) => reject(new Error(`the listener exited (${code})`)));
	});
	const gone = new Promise((resolve) => child.once("exit", resolve));
	child.kill("SIGKILL");
	await gone;
	expect(existsSync(socket)).toBe(true);
	age(socket, dir);
	return dir;
}

const deadPid = () => {
	for (let pid = 4_000_000; ; pid--) {
		try {
			process.kill(pid, 0);
		} catch {
			return pid;
		}
	}
};

describe("removing the socket directories crashed Pis left", () => {
	it("removes a dead one with its socket and an old empty one; leaves a live one serving", async () => {
		const parent = folder();
		const dead = await crashed(parent);
		const empty = mkdtempSync(join(parent, "pi-ask-"));
		age(empty);
		const live = await startRelayServer(
			{
				ask: async () => ({ ok: false, code: "unavailable", message: "" }),
				list: () => [],
				answer: async () => ({ ok: false, code: "not_found", message: "" }),
				pairedClient: () => undefined,
				showPairingCode: () => false,
				pair: () => "",
			},
			{ parentDir: parent },
		);
		servers.push(live);
		age(live.socketPath, dirname(live.socketPath));
		const removed = await removeDeadRelayDirs({ parents: [parent] });
		expect(removed.sort()).toEqual([dead, empty].sort());
		expect([existsSync(dead), existsSync(empty), existsSync(live.socketPath)]).toEqual([false, false, true]);
		// The live one still answers: a hello with its secret is welcomed.
		const { openRelayLink } = await import("../../src/relay/client.ts");
		const link = await openRelayLink(live.socketPath, live.askToken);
		expect(link.can).toEqual(["ask"]);
		link.close();
	});

	it("never touches another user's, a young one, one holding anything else, a wrong mode, a symlink or this Pi's own", async () => {
		const parent = folder();
		const young = await crashed(parent);
		utimesSync(young, new Date(), new Date());
		const crowded = await crashed(parent);
		writeFileSync(join(crowded, "notes"), "mine");
		age(crowded);
		const wide = await crashed(parent);
		chmodSync(wide, 0o755);
		age(wide);
		const own = await crashed(parent);
		const target = await crashed(folder());
		symlinkSync(target, join(parent, "pi-ask-Link00"));
		const misnamed = join(parent, "pi-ask-toolong1");
		mkdirSync(misnamed, { mode: 0o700 });
		age(misnamed);
		const foreign = await crashed(parent);
		// Another user: by ownership when this test runs as root, and always by telling the sweep it is someone else.
		expect(await removeDeadRelayDirs({ parents: [parent], uid: (process.getuid?.() ?? 0) + 12_345 })).toEqual([]);
		if (process.getuid?.() === 0) {
			chownSync(foreign, 65_534, 65_534);
			chownSync(join(foreign, "relay.sock"), 65_534, 65_534);
			age(foreign);
		}
		const removed = await removeDeadRelayDirs({ parents: [parent], keep: own });
		expect(removed).toEqual(process.getuid?.() === 0 ? [] : [foreign]);
		for (const dir of [young, crowded, wide, own, target, misnamed]) expect(existsSync(dir)).toBe(true);
		expect(existsSync(join(young, "relay.sock"))).toBe(true);
	});

	it("searches where the socket of a registry entry whose process is gone lived, and removes the entry", async () => {
		const agentDir = folder();
		const elsewhere = folder();
		const dead = await crashed(elsewhere);
		const pid = deadPid();
		writeEntry(agentDir, {
			v: REGISTRY_VERSION,
			pid,
			socket: join(dead, "relay.sock"),
			cwd: "/w",
			startedAt: 1,
			mode: "tui",
		});
		expect(await removeDeadRelayDirs({ agentDir, parents: [] })).toEqual([dead]);
		expect(readEntries(agentDir)).toEqual([]);
		expect(existsSync(dead)).toBe(false);
	});
});
