/**
 * The Pi adapter when the session file cannot be written. Root causes: the warning went to Pi's chat, under
 * the open questionnaire's overlay, so nothing was seen while the person typed, and every record warned on
 * its own; and when Pi itself could not persist our tool result it rebuilt the agent's messages without it,
 * so the model read "No result provided" for a questionnaire the person had put aside or submitted.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { installPendingQuestionnaires } from "../../src/pi/pending-session.ts";
import { questionnaire, testAgentDir } from "../support/pending-store.ts";

type Handler = (event: unknown, ctx: unknown) => unknown;
const FAILED = /^The session file cannot be written \(no space left on device\): what you give/;

/** A fake Pi whose session write fails while `full`; `custom()` draws its component once and waits for done. */
function fakePi(mode: "tui" | "rpc") {
	const handlers = new Map<string, Handler[]>();
	const notes: { text: string; type: string | undefined }[] = [];
	const topLines: string[][] = [];
	let full = false;
	const ui = {
		notify: (text: string, type?: string) => notes.push({ text: text.replace(/^ask_user_question: /, ""), type }),
		setStatus: () => {},
		custom: (factory: (...args: unknown[]) => { render(width: number): readonly string[] }) =>
			new Promise((resolve) => {
				const theme = { fg: (_color: string, text: string) => text };
				const component = factory({}, theme, {}, resolve);
				topLines.push([...component.render(80)]);
				// Pi draws again as things change; the test's next frame comes after the questionnaire ended.
				setTimeout(() => topLines.push([...component.render(80)]), 5);
			}),
	};
	const ctx = { hasUI: true, mode, ui, sessionManager: { getBranch: () => [], getSessionFile: () => undefined } };
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		appendEntry: () => {
			if (full) throw new Error("ENOSPC: no space left on device, write");
		},
	} as unknown as ExtensionAPI;
	const fire = async (event: string, payload: unknown = {}) => {
		let last: unknown;
		for (const handler of handlers.get(event) ?? []) last = await handler(payload, ctx);
		return last;
	};
	const store = installPendingQuestionnaires(pi, defaultConfig, testAgentDir());
	return { store, fire, notes, topLines, setFull: (value: boolean) => (full = value) };
}

describe("a session file that cannot be written", () => {
	it("with a questionnaire open: said once on a top line, which moves into the chat when it closes", async () => {
		const p = fakePi("tui");
		await p.fire("session_start");
		p.store.asked({ id: "q", askedAt: 1, questionnaire });
		p.setFull(true);
		p.store.flush();
		p.store.flush();
		expect(p.topLines).toHaveLength(1);
		expect(p.topLines[0]?.join(" ")).toContain("The session file cannot be written");
		expect(p.notes).toEqual([]);
		p.store.returned("q", { pending: true });
		// The top line moves into the chat once the questionnaire's dialog has closed, a few turns later.
		await vi.waitFor(() => expect(p.notes.map((n) => n.text)).toEqual([expect.stringMatching(FAILED)]));
		await p.fire("session_shutdown");
	});

	it("with none open (or over RPC): said once in the notifications", async () => {
		const p = fakePi("rpc");
		await p.fire("session_start");
		p.setFull(true);
		p.store.asked({ id: "q", askedAt: 1, questionnaire });
		p.store.returned("q", { pending: true });
		p.store.flush();
		expect(p.topLines).toEqual([]);
		expect(p.notes).toEqual([{ text: expect.stringMatching(FAILED), type: "warning" }]);
		await p.fire("session_shutdown");
	});

	it("a result of ours that Pi could not keep reads to the model as it was returned", async () => {
		const p = fakePi("rpc");
		await p.fire("session_start");
		const call = { role: "assistant", content: [{ type: "toolCall", id: "call_1", name: "ask_user_question" }] };
		const text = "The user will answer later.";
		await p.fire("tool_result", {
			toolName: "ask_user_question",
			toolCallId: "call_1",
			content: [{ type: "text", text }],
		});
		// Pi's write of the result failed: the turn ended without turn_end, its messages rebuilt without it.
		const context = (await p.fire("context", { messages: [call] })) as { messages: unknown[] } | undefined;
		expect(context?.messages[1]).toMatchObject({ role: "toolResult", toolCallId: "call_1", content: [{ text }] });
		// Once the turn that carries it ended (it was written), nothing is added.
		await p.fire("turn_end", { toolResults: [{ toolCallId: "call_1" }] });
		expect(await p.fire("context", { messages: [call] })).toBeUndefined();
		await p.fire("session_shutdown");
	});
});
