/**
 * The relay's wire protocol, pure parts: line framing (split on "\n" only, "\r" dropped, blank lines
 * skipped, a line past the limit or not UTF-8 refused for good, chunks split anywhere), message parsing
 * (version, type, ids, fields, every malformed case named), origins (capped, wrong types refused) and
 * encoding (one line, `v` first).
 */
import { describe, expect, it } from "vitest";
import { readOrigin } from "../../src/protocol/origin.ts";
import { RELAY_LIMITS } from "../../src/relay/limits.ts";
import { LineReader } from "../../src/relay/lines.ts";
import { encodeMessage, FATAL_ERRORS, parseClientMessage, parseServerMessage } from "../../src/relay/protocol.ts";

const bytes = (text: string) => Buffer.from(text, "utf8");
const line = (message: Record<string, unknown>) => JSON.stringify({ v: 3, ...message });

describe("LineReader", () => {
	it("splits on \\n only, drops a trailing \\r, skips blank lines, keeps U+2028 inside a line", () => {
		const reader = new LineReader(1024);
		expect(reader.feed(bytes('{"a":1}\r\n\n  \n{"b":"x\u2028y"}\n'))).toEqual({
			ok: true,
			lines: ['{"a":1}', '{"b":"x\u2028y"}'],
		});
	});

	it("joins a line split across chunks, even inside a multi-byte character", () => {
		const reader = new LineReader(1024);
		const whole = bytes('{"t":"日本🙂"}\n');
		const seen: string[] = [];
		for (let i = 0; i < whole.length; i++) {
			const read = reader.feed(whole.subarray(i, i + 1));
			if (!read.ok) throw new Error(read.message);
			seen.push(...read.lines);
		}
		expect(seen).toEqual(['{"t":"日本🙂"}']);
		expect(reader.pending).toBe(0);
	});

	it("refuses a line longer than the limit, ended or not, and everything after it", () => {
		const ended = new LineReader(8);
		expect(ended.feed(bytes("123456789\n"))).toMatchObject({ ok: false, code: "too_large" });
		const open = new LineReader(8);
		expect(open.feed(bytes("12345"))).toEqual({ ok: true, lines: [] });
		expect(open.feed(bytes("6789"))).toMatchObject({ ok: false, code: "too_large" });
		expect(open.feed(bytes("\n"))).toMatchObject({ ok: false });
		expect(open.pending).toBe(0);
		// Exactly the limit is fine.
		expect(new LineReader(8).feed(bytes("12345678\n"))).toEqual({ ok: true, lines: ["12345678"] });
	});

	it("holds each line to the limit in force when it is reached: a sink may raise it for the rest of a chunk", () => {
		const reader = new LineReader(8);
		const seen: [string, number][] = [];
		const error = reader.read(bytes("hello\n0123456789é\nrest-of-a-long-one"), (line, size) => {
			seen.push([line, size]);
			reader.maxBytes = 64;
			return true;
		});
		expect(error).toBeUndefined();
		expect(seen).toEqual([
			["hello", 5],
			["0123456789é", 12],
		]);
		expect(reader.pending).toBe(18);
		// A sink that says stop leaves the rest of the chunk unread.
		const stopped: string[] = [];
		expect(new LineReader(8).read(bytes("a\nb\n"), (line) => stopped.push(line) < 1)).toBeUndefined();
		expect(stopped).toEqual(["a"]);
	});

	it("refuses a line that is not UTF-8", () => {
		expect(new LineReader(64).feed(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]))).toMatchObject({
			ok: false,
			code: "malformed",
		});
	});

	it("holds at most the limit however the bytes come (a peer that never sends a newline)", () => {
		const reader = new LineReader(4096);
		let result = reader.feed(bytes("x".repeat(1000)));
		for (let i = 0; i < 10 && result.ok; i++) result = reader.feed(bytes("x".repeat(1000)));
		expect(result).toMatchObject({ ok: false, code: "too_large" });
		expect(reader.pending).toBe(0);
	});
});

describe("parseClientMessage", () => {
	it("reads hello, ask, cancel, list and answer", () => {
		expect(parseClientMessage(line({ type: "hello", token: "s3cret", client: "pi-ask" }))).toEqual({
			ok: true,
			message: { type: "hello", token: "s3cret", client: "pi-ask" },
		});
		const ask = parseClientMessage(line({ type: "ask", id: "1", questions: [], from: { cwd: "/w", depth: 2 } }));
		expect(ask).toEqual({ ok: true, message: { type: "ask", id: "1", questions: [], from: { cwd: "/w", depth: 2 } } });
		expect(parseClientMessage(line({ type: "cancel", id: "1" }))).toEqual({
			ok: true,
			message: { type: "cancel", id: "1" },
		});
		expect(parseClientMessage(line({ type: "list", id: "x" }))).toEqual({
			ok: true,
			message: { type: "list", id: "x" },
		});
		const answer = parseClientMessage(
			line({ type: "answer", id: "a", questionnaire: "q_1", answers: [{ question: 0, options: ["A"] }] }),
		);
		expect(answer).toMatchObject({
			ok: true,
			message: { type: "answer", id: "a", questionnaire: "q_1", answers: [{ question: 0, options: ["A"] }] },
		});
	});

	it("reads a hello that asks to pair, pair and pair_code; refuses an answer that names who answers", () => {
		expect(parseClientMessage(line({ type: "hello", pair: true, client: "pi-ask" }))).toEqual({
			ok: true,
			message: { type: "hello", pair: true, client: "pi-ask" },
		});
		expect(parseClientMessage(line({ type: "pair", id: "p", name: "pi-ask on pts/3" }))).toEqual({
			ok: true,
			message: { type: "pair", id: "p", name: "pi-ask on pts/3" },
		});
		expect(parseClientMessage(line({ type: "pair_code", id: "c", code: "123 456" }))).toEqual({
			ok: true,
			message: { type: "pair_code", id: "c", code: "123 456" },
		});
		expect(parseClientMessage(line({ type: "pair", id: "p", name: 7 }))).toMatchObject({
			ok: false,
			code: "invalid_request",
		});
		const by = parseClientMessage(line({ type: "answer", id: "a", questionnaire: "q_1", answers: [], by: "User" }));
		expect(by).toMatchObject({ ok: false, code: "invalid_request", id: "a" });
		expect(by.ok ? "" : by.message).toContain("paired");
	});

	it("reads the optional device a paired client answers for, checked like a client's name", () => {
		const answer = { type: "answer", id: "a", questionnaire: "q_1", answers: [] };
		expect(parseClientMessage(line({ ...answer, device: "  Pixel\u200b 7 " }))).toMatchObject({
			ok: true,
			message: { type: "answer", device: "Pixel 7" },
		});
		const plain = parseClientMessage(line(answer));
		expect(plain.ok && "device" in plain.message).toBe(false);
		for (const device of ["User", "   ", 7]) {
			const read = parseClientMessage(line({ ...answer, device }));
			expect(read, String(device)).toMatchObject({ ok: false, code: "invalid_request", id: "a" });
			expect(read.ok ? "" : read.message).toContain("answer.device");
		}
	});

	it.each([
		["not JSON", "{oops", "malformed"],
		["an array", "[1,2]", "malformed"],
		["a string", '"hello"', "malformed"],
		["no version", JSON.stringify({ type: "hello", token: "t" }), "unsupported_version"],
		["another version", JSON.stringify({ v: 1, type: "hello", token: "t" }), "unsupported_version"],
		["no type", line({ id: "1" }), "malformed"],
		["an empty secret", line({ type: "hello", token: "" }), "malformed"],
		["a huge secret", line({ type: "hello", token: "t".repeat(300) }), "malformed"],
		["no id", line({ type: "list" }), "malformed"],
		["a numeric id", line({ type: "list", id: 7 }), "malformed"],
		["a long id", line({ type: "list", id: "i".repeat(65) }), "malformed"],
		[
			"questions not a list",
			line({ type: "ask", id: "1", questions: {}, from: { cwd: "/", depth: 1 } }),
			"invalid_request",
		],
		["no origin", line({ type: "ask", id: "1", questions: [] }), "invalid_request"],
		["depth 0", line({ type: "ask", id: "1", questions: [], from: { cwd: "/", depth: 0 } }), "invalid_request"],
		["no questionnaire id", line({ type: "answer", id: "1" }), "invalid_request"],
		["an unknown type", line({ type: "shutdown", id: "1" }), "unknown_type"],
	])("refuses %s with a clear error", (_what, text, code) => {
		const parsed = parseClientMessage(text);
		expect(parsed).toMatchObject({ ok: false, code });
		if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(5);
	});

	it("refuses a version 2 peer (answers as display labels) both ways, naming both versions", () => {
		const v2 = (message: Record<string, unknown>) => JSON.stringify({ v: 2, ...message });
		const refusal = {
			ok: false,
			code: "unsupported_version",
			message: "unsupported protocol version 2: this relay speaks v 3",
		};
		expect(parseClientMessage(v2({ type: "hello", token: "t" }))).toEqual(refusal);
		const labelled = { outcome: "answered", answers: [{ questionIndex: 0, kind: "option", answer: "Redis" }] };
		expect(parseServerMessage(v2({ type: "result", id: "1", result: labelled }))).toEqual(refusal);
	});

	it("keeps the request id of a malformed request, so the error names it", () => {
		expect(parseClientMessage(line({ type: "ask", id: "r9", questions: [] }))).toMatchObject({ id: "r9" });
		expect(parseClientMessage(line({ type: "frobnicate", id: "r7" }))).toMatchObject({
			code: "unknown_type",
			id: "r7",
		});
	});

	it("treats framing, version and authentication errors as fatal, request errors not", () => {
		for (const code of ["malformed", "too_large", "unsupported_version", "unauthorized", "timeout"] as const)
			expect(FATAL_ERRORS.has(code)).toBe(true);
		for (const code of [
			"busy",
			"forbidden",
			"unknown_type",
			"invalid_request",
			"invalid_questions",
			"rejected",
			"not_found",
		] as const)
			expect(FATAL_ERRORS.has(code)).toBe(false);
	});
});

describe("the shape watch before JSON.parse", () => {
	// Root cause: every line went to JSON.parse as it came. A line nested 10⁶ deep cost ~590 ms of Pi's
	// main thread, a flat array of a million elements hundreds more, and a stream of them (needing only the
	// ask secret every bash command has) held key echo in the TUI at 226–545 ms. The reader now follows each
	// line's structure as its bytes arrive and refuses what no message of the protocol needs on the chunk
	// that shows it, before the line is joined, decoded or parsed (figures: `npm run bench -- --only=relay`).
	const shape = { depth: RELAY_LIMITS.depth, values: RELAY_LIMITS.values };
	const from = { cwd: "/w", depth: 1 };
	const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
	const askWith = (questions: string) =>
		`{"v":3,"type":"ask","id":"1","from":${JSON.stringify(from)},"questions":${questions}}\n`;
	/** Feeds `text` in 64 KB chunks, as a socket hands it over; the first error, and what was held then. */
	const readInChunks = (reader: LineReader, text: string) => {
		const all = bytes(text);
		const lines: string[] = [];
		for (let i = 0; i < all.length; i += 65_536) {
			const error = reader.read(all.subarray(i, i + 65_536), (line) => lines.push(line) > 0);
			if (error !== undefined) return { error, lines, held: reader.pending, at: i };
		}
		return { error: undefined, lines, held: reader.pending, at: all.length };
	};

	it("refuses an ask nested 10⁶ deep as malformed on its first chunk, naming the limit", () => {
		const reader = new LineReader(RELAY_LIMITS.messageBytes, shape);
		expect(readInChunks(reader, askWith(nested(1_000_000)))).toEqual({
			error: { code: "malformed", message: `a line is nested deeper than ${RELAY_LIMITS.depth} levels` },
			lines: [],
			held: 0,
			at: 0,
		});
		// The deepest a line may be: the envelope's level and 15 more.
		const deepest = readInChunks(
			new LineReader(RELAY_LIMITS.messageBytes, shape),
			askWith(nested(RELAY_LIMITS.depth - 1)),
		);
		expect(deepest.error).toBeUndefined();
		expect(parseClientMessage(deepest.lines[0] ?? "")).toMatchObject({ ok: true });
		const over = readInChunks(new LineReader(RELAY_LIMITS.messageBytes, shape), askWith(nested(RELAY_LIMITS.depth)));
		expect(over.error).toMatchObject({ code: "malformed" });
	});

	it("refuses a line of more values than any message needs as too_large, long before its end", () => {
		const flat = (n: number) => `[${Array.from({ length: n }, () => "0").join(",")}]`;
		const read = readInChunks(new LineReader(RELAY_LIMITS.messageBytes, shape), askWith(flat(1_000_000)));
		expect(read).toMatchObject({
			error: { code: "too_large", message: `a line holds more than ${RELAY_LIMITS.values} values` },
			at: 0,
		});
		const fits = readInChunks(new LineReader(RELAY_LIMITS.messageBytes, shape), askWith(`[{"k":${flat(2000)}}]`));
		expect(fits.error).toBeUndefined();
	});

	it("counts only structure outside strings, however the bytes are split: escapes and UTF-8 are content", () => {
		const text = `[[{,"\\]}]} " é漢😀 ${"[".repeat(100)}${",".repeat(10_000)}\\`;
		const questions = [{ question: text, header: "H", options: [{ label: text, description: '\\"' }] }];
		const whole = `${line({ type: "ask", id: "1", from, questions })}\n`;
		const all = bytes(whole);
		for (const size of [1, 2, 3, 7, 4096]) {
			const reader = new LineReader(RELAY_LIMITS.messageBytes, shape);
			const lines: string[] = [];
			for (let i = 0; i < all.length; i += size)
				expect(reader.read(all.subarray(i, i + size), (l) => lines.push(l) > 0)).toBeUndefined();
			expect(lines).toEqual([whole.slice(0, -1)]);
		}
		// Each line starts afresh: ten lines of 10 levels each are fine.
		const ten = `${askWith(nested(10)).repeat(10)}`;
		expect(readInChunks(new LineReader(RELAY_LIMITS.messageBytes, shape), ten)).toMatchObject({ error: undefined });
		// What a client reads is held to depth only: a long list is fine, a deep one is not.
		const reply = { depth: RELAY_LIMITS.replyDepth, values: Number.POSITIVE_INFINITY };
		const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `q_${i}` }));
		const list = `${line({ type: "questionnaires", id: "l", questionnaires: many })}\n`;
		expect(readInChunks(new LineReader(RELAY_LIMITS.replyBytes, reply), list).error).toBeUndefined();
		const deep = `{"v":3,"type":"result","id":"1","result":${nested(100)}}\n`;
		expect(readInChunks(new LineReader(RELAY_LIMITS.replyBytes, reply), deep).error).toMatchObject({
			code: "malformed",
		});
	});
});

describe("parseServerMessage", () => {
	it("reads every reply and refuses what does not fit", () => {
		expect(parseServerMessage(line({ type: "welcome", can: ["ask"], server: "x" }))).toMatchObject({ ok: true });
		expect(parseServerMessage(line({ type: "welcome", can: ["root"] }))).toMatchObject({ ok: false });
		expect(parseServerMessage(line({ type: "result", id: "1", result: { outcome: "answered" } }))).toMatchObject({
			ok: true,
		});
		expect(parseServerMessage(line({ type: "result", id: "1" }))).toMatchObject({ ok: false });
		expect(parseServerMessage(line({ type: "error", code: "busy", message: "m", problems: [{ path: "p" }] }))).toEqual({
			ok: true,
			message: { type: "error", code: "busy", message: "m", problems: [{ path: "p", message: "" }] },
		});
		expect(parseServerMessage('{"v":3,"type":"nope"}')).toMatchObject({ ok: false, code: "unknown_type" });
	});
});

describe("encodeMessage", () => {
	it("is one line with the version first, and reads back", () => {
		const text = encodeMessage({ type: "list", id: "a\nb" });
		expect(text.endsWith("\n")).toBe(true);
		expect(text.slice(0, -1)).not.toContain("\n");
		// docs/relay-protocol.md: every message has `"v": 3`.
		expect(text.startsWith('{"v":3,')).toBe(true);
		expect(parseClientMessage(text.slice(0, -1))).toEqual({ ok: true, message: { type: "list", id: "a\nb" } });
	});
});

describe("readOrigin", () => {
	// docs/relay-protocol.md: `name` cut at 100 characters, `task` at 300.
	it("keeps what fits and cuts long text at a grapheme", () => {
		const read = readOrigin({ cwd: "/w", depth: 3, name: "  scout ", pid: 42, task: "t".repeat(1000), extra: 1 });
		expect(read).toEqual({
			ok: true,
			origin: { cwd: "/w", depth: 3, name: "scout", pid: 42, task: "t".repeat(300) },
		});
		const emoji = readOrigin({ cwd: "/w", depth: 1, name: `${"n".repeat(99)}👨‍💻` });
		expect(emoji.ok && emoji.origin.name).toBe("n".repeat(99));
	});

	it.each([
		[null],
		[{ depth: 1 }],
		[{ cwd: "", depth: 1 }],
		[{ cwd: "/", depth: 1.5 }],
		[{ cwd: "/", depth: 65 }],
		[{ cwd: "/", depth: 1, name: 7 }],
		[{ cwd: "/", depth: 1, pid: -1 }],
		[{ cwd: "/", depth: 1, task: ["x"] }],
	])("refuses %j", (value) => {
		expect(readOrigin(value).ok).toBe(false);
	});
});
