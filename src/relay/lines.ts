/**
 * Framing of the relay protocol: bytes in, complete lines out, never holding more than the limit of one
 * line. The limit is checked line by line as each is reached, so a caller that raises it after one line
 * (the server, after `hello`) holds the next line of the same chunk to the new limit: a client that
 * pipelines `hello` and a large `ask` in one write is read as if it had waited for `welcome`. A line is
 * split on "\n" only (a U+2028 inside a JSON string is content), a trailing "\r" is dropped, blank lines
 * are skipped, and a line that is not UTF-8 or grows past the limit is an error: the caller reports it
 * and drops the peer, so an endless line costs at most `maxBytes`.
 *
 * With a {@link Shape}, the structure of each line is watched as its bytes arrive: a line nested deeper
 * or holding more values than the shape allows is refused on the chunk that shows it, before the line is
 * joined, decoded or parsed. JSON.parse of a line nested 10⁶ deep, or of a flat array of a million
 * elements, takes hundreds of milliseconds of the thread that reads it (Pi's, where keys are echoed);
 * this watch is one pass over each chunk as it comes. Only brackets and commas outside strings count
 * (every byte of a multi-byte UTF-8 character is ≥ 0x80, so none is mistaken for one); whether the line
 * is JSON at all is JSON.parse's to say. Pure (Buffer and TextDecoder only); no sockets.
 */

/** Why the stream cannot be read on. */
export interface LineError {
	code: "too_large" | "malformed";
	message: string;
}

/** What feeding bytes produced: the complete lines, or why the stream cannot be read on. */
export type LinesRead = { ok: true; lines: string[] } | ({ ok: false } & LineError);

/** Takes one complete line and its size in bytes; returns false to stop reading the chunk (the peer ended). */
export type LineSink = (line: string, bytes: number) => boolean;

/** How deep, and how many values (array elements, object members), a line may hold. */
export interface Shape {
	depth: number;
	values: number;
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Where the structure of a line stands, as its bytes arrive; every line starts here. */
const LINE_START = { depth: 0, values: 0, inString: false, escaped: false } as const;

export class LineReader {
	private parts: Buffer[] = [];
	private held = 0;
	private failed = false;
	private readonly decoder = new TextDecoder("utf-8", { fatal: true });
	private readonly shape: Shape | undefined;
	private at: { depth: number; values: number; inString: boolean; escaped: boolean } = LINE_START;
	/** The longest line accepted, in bytes (without its "\n"); may change between lines (after `hello`). */
	maxBytes: number;

	constructor(maxBytes: number, shape?: Shape) {
		this.maxBytes = maxBytes;
		this.shape = shape;
	}

	/** Bytes held for a line not yet ended. */
	get pending(): number {
		return this.held;
	}

	/** Takes the next chunk and returns its complete lines; after an error every further chunk is refused. */
	feed(chunk: Uint8Array): LinesRead {
		const lines: string[] = [];
		const error = this.read(chunk, (line) => lines.push(line) > 0);
		return error === undefined ? { ok: true, lines } : { ok: false, ...error };
	}

	/**
	 * Takes the next chunk, handing each complete line to `sink` as soon as it is read; `maxBytes` is read
	 * again for every line, so the sink may change it for the lines after. Returns why the stream failed, if
	 * it did; after an error every further chunk is refused.
	 */
	read(chunk: Uint8Array, sink: LineSink): LineError | undefined {
		if (this.failed) return { code: "malformed", message: "the stream already failed" };
		let start = 0;
		for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
			const piece = chunk.subarray(start, nl);
			start = nl + 1;
			const refused = this.hold(piece);
			if (refused !== undefined) return refused;
			this.at = LINE_START;
			const bytes = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
			this.parts = [];
			this.held = 0;
			const line = this.decode(bytes);
			if (line === undefined) return this.fail("malformed");
			const text = line.endsWith("\r") ? line.slice(0, -1) : line;
			if (text.trim() !== "" && !sink(text, bytes.length)) return undefined;
		}
		const rest = chunk.subarray(start);
		const refused = this.hold(rest);
		if (refused !== undefined) return refused;
		if (rest.length > 0) {
			// Copied: the caller's chunk may be reused by the stream.
			this.parts.push(Buffer.from(rest));
			this.held += rest.length;
		}
		return undefined;
	}

	/** Takes `bytes` into the line being read: refused past `maxBytes`, or once they exceed the shape. */
	private hold(bytes: Uint8Array): LineError | undefined {
		if (this.held + bytes.length > this.maxBytes) return this.fail("too_large");
		const shape = this.shape;
		if (shape === undefined) return undefined;
		let { depth, values, inString, escaped } = this.at;
		for (let i = 0; i < bytes.length; i++) {
			const byte = bytes[i];
			if (inString) {
				if (escaped) escaped = false;
				else if (byte === BACKSLASH) escaped = true;
				else if (byte === QUOTE) inString = false;
			} else if (byte === QUOTE) inString = true;
			else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
				if (++depth > shape.depth) return this.fail("malformed", `a line is nested deeper than ${shape.depth} levels`);
				if (++values > shape.values) return this.fail("too_large", `a line holds more than ${shape.values} values`);
			} else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
			else if (byte === COMMA && ++values > shape.values)
				return this.fail("too_large", `a line holds more than ${shape.values} values`);
		}
		this.at = { depth, values, inString, escaped };
		return undefined;
	}

	private decode(bytes: Uint8Array): string | undefined {
		try {
			return this.decoder.decode(bytes);
		} catch {
			return undefined;
		}
	}

	private fail(code: LineError["code"], why?: string): LineError {
		this.failed = true;
		this.parts = [];
		this.held = 0;
		const message =
			why ?? (code === "too_large" ? `a line is longer than ${this.maxBytes} bytes` : "a line is not valid UTF-8 text");
		return { code, message };
	}
}
