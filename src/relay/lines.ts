/**
 * Framing of the relay protocol: bytes in, complete lines out, never holding more than the limit of one
 * line. The limit is checked line by line as each is reached, so a caller that raises it after one line
 * (the server, after `hello`) holds the next line of the same chunk to the new limit: a client that
 * pipelines `hello` and a large `ask` in one write is read as if it had waited for `welcome`. A line is split on "\n" only (a U+2028 inside a JSON string is content), a trailing "\r" is
 * dropped, blank lines are skipped, and a line that is not UTF-8 or grows past the limit is an error: the
 * caller reports it and drops the peer, so an endless line costs at most `maxBytes`.
 * Pure (Buffer and TextDecoder only); no sockets.
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

const NEWLINE = 0x0a;

export class LineReader {
	private parts: Buffer[] = [];
	private held = 0;
	private failed = false;
	private readonly decoder = new TextDecoder("utf-8", { fatal: true });
	/** The longest line accepted, in bytes (without its "\n"); may change between lines (after `hello`). */
	maxBytes: number;

	constructor(maxBytes: number) {
		this.maxBytes = maxBytes;
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
			if (this.held + piece.length > this.maxBytes) return this.fail("too_large");
			const bytes = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
			this.parts = [];
			this.held = 0;
			const line = this.decode(bytes);
			if (line === undefined) return this.fail("malformed");
			const text = line.endsWith("\r") ? line.slice(0, -1) : line;
			if (text.trim() !== "" && !sink(text, bytes.length)) return undefined;
		}
		const rest = chunk.subarray(start);
		if (this.held + rest.length > this.maxBytes) return this.fail("too_large");
		if (rest.length > 0) {
			// Copied: the caller's chunk may be reused by the stream.
			this.parts.push(Buffer.from(rest));
			this.held += rest.length;
		}
		return undefined;
	}

	private decode(bytes: Uint8Array): string | undefined {
		try {
			return this.decoder.decode(bytes);
		} catch {
			return undefined;
		}
	}

	private fail(code: LineError["code"]): LineError {
		this.failed = true;
		this.parts = [];
		this.held = 0;
		const message =
			code === "too_large" ? `a line is longer than ${this.maxBytes} bytes` : "a line is not valid UTF-8 text";
		return { code, message };
	}
}
