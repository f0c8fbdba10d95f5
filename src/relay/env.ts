/**
 * How a Pi finds the relay of the nearest Pi above it that can show questions: environment variables the
 * serving Pi sets in its own process environment, so every process it starts (its bash tool, a subagent
 * extension's `pi --mode json -p`, a script, at any depth) inherits them. Pure: reads and builds plain
 * records; the Pi adapter applies them to `process.env`.
 *
 * - `PI_ASK_RELAY_SOCKET`: the socket's path.
 * - `PI_ASK_RELAY_TOKEN`: the secret that lets a process ask (never list or answer).
 * - `PI_ASK_RELAY_DEPTH`: how many Pis down the next Pi runs (1 for one the serving Pi starts); each Pi
 *   that asks through the relay raises it by one for the processes it starts.
 * - `PI_ASK_RELAY_NAME`: optional, set by a subagent extension for the child it starts: shown to the person.
 * - `PI_ASK_RELAY=off`: neither serve nor ask.
 */

const RELAY_ENV = {
	socket: "PI_ASK_RELAY_SOCKET",
	token: "PI_ASK_RELAY_TOKEN",
	depth: "PI_ASK_RELAY_DEPTH",
	name: "PI_ASK_RELAY_NAME",
	switch: "PI_ASK_RELAY",
} as const;

/** Where a Pi below asks, read from its environment. */
export interface RelayEndpoint {
	socket: string;
	token: string;
	/** This Pi's depth below the serving one (1 or more). */
	depth: number;
	/** The name its spawner gave it, if any. */
	name?: string;
}

type Env = Record<string, string | undefined>;

/** True when `PI_ASK_RELAY` turns the relay off (off, 0, false, no). */
export function relayOff(env: Env): boolean {
	const value = env[RELAY_ENV.switch]?.trim().toLowerCase();
	return value === "off" || value === "0" || value === "false" || value === "no";
}

/** The relay this process may ask through, or undefined when none was handed down (or it is off). */
export function endpointFromEnv(env: Env): RelayEndpoint | undefined {
	if (relayOff(env)) return undefined;
	const socket = env[RELAY_ENV.socket];
	const token = env[RELAY_ENV.token];
	if (!socket || !token) return undefined;
	const depth = Number(env[RELAY_ENV.depth]);
	const endpoint: RelayEndpoint = { socket, token, depth: Number.isInteger(depth) && depth >= 1 ? depth : 1 };
	const name = env[RELAY_ENV.name]?.trim();
	if (name) endpoint.name = name;
	return endpoint;
}

/** The relay variable a serving Pi hands down that `env` holds, if any: the mark of a process Pi started. */
export function handedDownVariable(env: Env): string | undefined {
	return [RELAY_ENV.socket, RELAY_ENV.token, RELAY_ENV.depth].find((name) => env[name] !== undefined);
}

/** What a serving Pi sets for the processes it starts (a name it was given itself is not theirs). */
export function servingEnv(socket: string, askToken: string): Record<string, string | undefined> {
	return {
		[RELAY_ENV.socket]: socket,
		[RELAY_ENV.token]: askToken,
		[RELAY_ENV.depth]: "1",
		[RELAY_ENV.name]: undefined,
	};
}

/**
 * What a Pi that asks through the relay sets for the processes it starts: one level deeper, and no name
 * (the name its spawner gave is its own, not its children's).
 */
export function askingEnv(endpoint: RelayEndpoint): Record<string, string | undefined> {
	return { [RELAY_ENV.depth]: String(endpoint.depth + 1), [RELAY_ENV.name]: undefined };
}
