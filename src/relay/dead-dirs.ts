/**
 * Removing the socket directories crashed Pis left behind. A relay's directory (server.ts: `pi-ask-XXXXXX`
 * from mkdtemp, mode 0700, holding `relay.sock`) goes when its Pi ends; after a crash the directory and
 * its dead socket stay (on one shared machine, 86 of 136). The next Pi or `pi-ask` that starts removes
 * them: in the OS temp dir, in /tmp, and wherever the socket of a registry entry whose process is gone
 * lived. A directory goes only when everything says it is a dead one of ours: its name is ours, it is a
 * real directory of this user with mode 0700, it holds nothing or only a socket of this user, both are
 * older than a grace period (a Pi starting now has made its directory but not yet listens), and
 * connecting to the socket is refused (ECONNREFUSED: nothing listens). Another user's, a live one, one
 * with anything else inside, are never touched; the socket and the directory are removed one by one,
 * never recursively. Never throws. No Pi imports.
 */
import { lstat, readdir, rmdir, unlink } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readEntries } from "./registry.ts";

/** What mkdtemp makes of the server's prefix. */
const NAME = /^pi-ask-[A-Za-z0-9]{6}$/;

const SOCKET = "relay.sock";

/** Directories and sockets younger than this are left alone: a Pi starting now has not listened yet. */
const GRACE_MS = 60_000;

/** Where and whose directories to look at. */
export interface DeadDirsOptions {
	/** Pi's agent dir: the parents of the sockets of its dead registry entries are searched too. */
	agentDir?: string;
	/** Folders to search; the OS temp dir and /tmp by default. */
	parents?: readonly string[];
	/** A directory never to remove (this Pi's own). */
	keep?: string;
	/** Whose directories are ours; this process's user by default. */
	uid?: number;
}

/** Removes every dead relay directory of ours it finds; resolves with the paths removed. */
export async function removeDeadRelayDirs(options: DeadDirsOptions = {}): Promise<string[]> {
	const uid = options.uid ?? process.getuid?.();
	if (uid === undefined) return [];
	const parents = new Set((options.parents ?? [tmpdir(), "/tmp"]).map((p) => resolve(p)));
	try {
		if (options.agentDir !== undefined)
			readEntries(options.agentDir, undefined, (entry) => parents.add(resolve(dirname(dirname(entry.socket)))));
	} catch {
		// An entry that cannot be removed: its socket's directory is found in the temp dirs, or not at all.
	}
	const found: string[] = [];
	for (const parent of parents) {
		const names = await readdir(parent).catch(() => [] as string[]);
		for (const name of names) if (NAME.test(name)) found.push(join(parent, name));
	}
	const keep = options.keep === undefined ? undefined : resolve(options.keep);
	const candidates = found.filter((dir) => dir !== keep);
	const removed = await Promise.all(candidates.map((dir) => removeIfDead(dir, uid).catch(() => false)));
	return candidates.filter((_, i) => removed[i]);
}

/** Removes `dir` when it is a dead relay directory of `uid`; true when it did. */
async function removeIfDead(dir: string, uid: number): Promise<boolean> {
	const now = Date.now();
	const stat = await lstat(dir);
	if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o777) !== 0o700) return false;
	if (now - stat.mtimeMs < GRACE_MS) return false;
	const inside = await readdir(dir);
	if (inside.length > 1 || (inside.length === 1 && inside[0] !== SOCKET)) return false;
	if (inside.length === 1) {
		const socket = join(dir, SOCKET);
		const held = await lstat(socket);
		if (!held.isSocket() || held.uid !== uid || now - held.mtimeMs < GRACE_MS) return false;
		if ((await knock(socket)) !== "refused") return false;
		await unlink(socket);
	}
	await rmdir(dir);
	return true;
}

/** Whether something listens on `socket`: "refused" only when connecting says nothing does. */
function knock(socket: string): Promise<"refused" | "live" | "unknown"> {
	return new Promise((settle) => {
		const connection = createConnection(socket);
		const done = (answer: "refused" | "live" | "unknown") => {
			clearTimeout(timer);
			connection.destroy();
			settle(answer);
		};
		const timer = setTimeout(() => done("unknown"), 1_000);
		timer.unref();
		connection.once("connect", () => done("live"));
		connection.once("error", (error: NodeJS.ErrnoException) =>
			done(error.code === "ECONNREFUSED" ? "refused" : "unknown"),
		);
	});
}
