/**
 * The relay server of a Pi that can show questions: a Unix domain socket in a private directory (made
 * with mkdtemp, mode 0700; the socket 0600), speaking the protocol of protocol.ts. The ask secret (handed
 * to the processes Pi starts, through the environment) allows `ask` and `cancel`; the credential of a
 * client the person paired (pairing.ts) allows `list` and `answer`; anyone may ask to pair, which shows a
 * code on Pi's own screen that the person alone can bring back.
 *
 * Every peer is untrusted (peer.ts holds each to the limits); here connections, open asks and the bytes
 * of their lines are capped over all peers, one more being told `busy`. What asks, lists and answers mean
 * is the handlers' (present.ts, board.ts). No Pi imports. Unix only: on Windows it refuses to start.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RelayHandlers } from "./handlers.ts";
import { RELAY_LIMITS, type RelayLimits } from "./limits.ts";
import { newSecret, sameSecret } from "./pairing.ts";
import { Peer, type PeerContext } from "./peer.ts";
import { encodeMessage, errorMessage } from "./protocol.ts";

/** A running relay server. */
export interface RelayServer {
	readonly socketPath: string;
	/** The secret that allows `ask`. */
	readonly askToken: string;
	/** Connections open now. */
	connections(): number;
	/** Asks running now (waiting or shown). */
	openAsks(): number;
	/** Bytes of the lines of the asks running now. */
	openAskBytes(): number;
	/** Stops accepting, cancels every ask (their results still go out), ends every connection, removes the directory. */
	close(): Promise<void>;
}

/** Where and how a server starts. */
export interface RelayServerOptions {
	/** The folder the private directory is made in; the OS temp dir by default (or /tmp when its path is too long). */
	parentDir?: string;
	/** Tighter limits (tests). */
	limits?: Partial<RelayLimits>;
}

/** Longest socket path that fits everywhere (macOS: 104 bytes with the terminating NUL). */
const MAX_SOCKET_PATH = 103;

/** Starts a server; rejects on Windows and when the socket cannot be made. */
export async function startRelayServer(
	handlers: RelayHandlers,
	options: RelayServerOptions = {},
): Promise<RelayServer> {
	if (process.platform === "win32") throw new Error("the relay needs Unix domain sockets (not on Windows)");
	const limits = { ...RELAY_LIMITS, ...options.limits };
	const dir = privateDir(options.parentDir);
	const socketPath = join(dir, "relay.sock");
	const askToken = newSecret();
	const peers = new Set<Peer>();
	let asks = 0;
	let askBytes = 0;
	const context: PeerContext = {
		handlers,
		limits,
		identify: (token) => {
			if (sameSecret(token, askToken)) return { can: ["ask"] };
			const client = handlers.pairedClient(token);
			return client === undefined ? undefined : { can: ["list", "answer"], client };
		},
		pairing: { busy: false },
		asks: {
			take: (bytes) => {
				if (asks >= limits.openAsks) return `at most ${limits.openAsks} questionnaires at once`;
				if (askBytes + bytes > limits.openAskBytes)
					return `the questionnaires open here hold ${mib(askBytes)} of at most ${mib(limits.openAskBytes)}; try again once one is answered`;
				asks++;
				askBytes += bytes;
				return undefined;
			},
			release: (bytes) => {
				asks--;
				askBytes -= bytes;
			},
		},
	};
	const server = createServer((socket) => {
		if (peers.size >= limits.connections) {
			socket.on("error", () => {});
			socket.end(encodeMessage(errorMessage("busy", "too many connections; try again later")));
			return;
		}
		const peer = new Peer(socket, context, () => peers.delete(peer));
		peers.add(peer);
	});
	server.on("error", () => {});
	try {
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(socketPath, () => {
				server.off("error", reject);
				resolve();
			});
		});
		chmodSync(socketPath, 0o600);
	} catch (error) {
		server.close();
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	// The relay must never keep Pi running.
	server.unref();
	let closing: Promise<void> | undefined;
	return {
		socketPath,
		askToken,
		connections: () => peers.size,
		openAsks: () => asks,
		openAskBytes: () => askBytes,
		close: () => {
			closing ??= (async () => {
				server.close();
				await Promise.all([...peers].map((peer) => peer.shutdown()));
				rmSync(dir, { recursive: true, force: true });
			})();
			return closing;
		},
	};
}

/** A fresh private directory (mode 0700 from mkdtemp) whose socket path fits the platform's limit. */
function privateDir(parent: string | undefined): string {
	const base = parent ?? tmpdir();
	const fits = Buffer.byteLength(join(base, "pi-ask-XXXXXX", "relay.sock")) <= MAX_SOCKET_PATH;
	return mkdtempSync(join(fits ? base : "/tmp", "pi-ask-"));
}

function mib(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
