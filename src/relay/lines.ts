/**
 * Framing of the relay protocol: bytes in, complete lines out, never holding more than the limit of one
 * line. A line is split on "\n" only (a U+2028 inside a JSON string is content), a trailing "\r" is
 * dropped, blank lines are skipped, and a line that is not UTF-8 or grows past the limit is an error: the
 * caller reports it and drops the peer, so an endless line costs at most `maxBytes`.
 * Pure (Buffer and TextDecoder only); no sockets.
 */

/** What feeding bytes produced: the complete lines, or why the stream cannot be read on. */
export type LinesRead = { ok: true; lines: string[] } | { ok: false; code: "too_large" | "malformed"; message: string };

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

	/** Takes the next chunk; after an error every further chunk is refused. */
	feed(chunk: Uint8Array): LinesRead {
		if (this.failed) return { ok: false, code: "malformed", message: "the stream already failed" };
		const lines: string[] = [];
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
			if (text.trim() !== "") lines.push(text);
		}
		const rest = chunk.subarray(start);
		if (this.held + rest.length > this.maxBytes) return this.fail("too_large");
		if (rest.length > 0) {
			// Copied: the caller's chunk may be reused by the stream.
			this.parts.push(Buffer.from(rest));
			this.held += rest.length;
		}
		return { ok: true, lines };
	}

	private decode(bytes: Uint8Array): string | undefined {
		try {
			return this.decoder.decode(bytes);
		} catch {
			return undefined;
		}
	}

	private fail(code: "too_large" | "malformed"): LinesRead {
		this.failed = true;
		this.parts = [];
		this.held = 0;
		const message =
			code === "too_large" ? `a line is longer than ${this.maxBytes} bytes` : "a line is not valid UTF-8 text";
		return { ok: false, code, message };
	}
}
