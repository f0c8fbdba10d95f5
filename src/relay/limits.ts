/**
 * The relay's limits: what every server enforces on its peers and what a client reads, each documented in
 * docs/relay-protocol.md's limits table. Past a line limit the peer is told `too_large` (or `malformed`,
 * for nesting) and dropped; past a count, `busy`. Pure data; no imports.
 */

/** The limits every server enforces (documented in docs/relay-protocol.md). */
export const RELAY_LIMITS = {
	/** Longest line before `welcome` (a `hello` is tiny): an unauthenticated peer can make us hold no more. */
	helloBytes: 4 * 1024,
	/** Longest line after `welcome` (an `ask` carries the questions, previews included). */
	messageBytes: 4 * 1024 * 1024,
	/** Longest line a client reads (a result, a list of questionnaires). */
	replyBytes: 16 * 1024 * 1024,
	/** Connections open at once; one more is told `busy` and closed. */
	connections: 64,
	/** Requests one connection may have unanswered at once. */
	inFlight: 16,
	/** Asks waiting or shown at once, over all connections. */
	openAsks: 256,
	/** Bytes of the lines of the asks open at once, over all connections: what Pi holds for them. */
	openAskBytes: 64 * 1024 * 1024,
	/** Time a new connection has to send `hello`. */
	helloMs: 5_000,
	/** Output queued for a peer that does not read; past it the peer is dropped. */
	outputBytes: 16 * 1024 * 1024,
	/** Longest request `id`. */
	idLength: 64,
	/**
	 * Deepest nesting of arrays and objects in a client's line (an `ask` needs 5: questions, options),
	 * checked as the line arrives (lines.ts), before JSON.parse: a line nested 10⁶ deep costs it ~1 s.
	 */
	depth: 16,
	/** Most values (array elements and object members) in a client's line (an `ask` needs under 100). */
	values: 4096,
	/** Deepest nesting in a line a client reads (a serving Pi's lists are long, never deep). */
	replyDepth: 32,
} as const;

/** The limits' shape, for tighter ones (tests). */
export type RelayLimits = { readonly [K in keyof typeof RELAY_LIMITS]: number };
