/**
 * Guarantee 1 (terminal safety) on the other surfaces: the RPC dialog walker (every title, option and
 * placeholder it sends, for every corpus string in every model field and as typed text and notes), one
 * run of the real `pi --mode rpc` with the whole corpus packed into two questionnaires, and Pi's real
 * InteractiveMode in process, where the raw byte stream the terminal receives and the emulated screen
 * are both checked.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { assertTerminalSafe } from "../support/hostile-strings.ts";
import { askTurn, echoTurn, startInteractive } from "../support/interactive.ts";
import { createHarness, type PiHarness, toolResultText, type UiRequest } from "../support/pi.ts";
import { askStep, echoStep } from "../support/questions.ts";
import { VirtualTerminal } from "../support/virtual-terminal.ts";
import {
	CORPUS,
	expectsMarker,
	framed,
	MARKER,
	MODEL_FIELDS,
	packedQuestionnaires,
	questionnaireWith,
	report,
} from "./support/corpus.ts";
import { ExplorerHost, type Shown } from "./support/explorer-host.ts";
import { assertModelTextSafe } from "./support/model-text.ts";
import { assertStreamSafe } from "./support/recording-terminal.ts";

const figures: Record<string, number> = {};
afterAll(() => report("terminal safety (walker, real pi rpc, interactive)", figures));

function valid(q: Questionnaire): Questionnaire | undefined {
	const v = validateQuestionnaire(q);
	return v.ok ? v.questionnaire : undefined;
}

function checkDialogs(shown: readonly Shown[], what: string): number {
	let strings = 0;
	for (const d of shown) {
		try {
			assertTerminalSafe(d.title, false, true);
			for (const option of d.options) assertTerminalSafe(option, false, false);
			if (d.placeholder !== undefined) assertTerminalSafe(d.placeholder, false, false);
		} catch (error) {
			throw new Error(`${what}: ${(error as Error).message}`);
		}
		strings += 1 + d.options.length + (d.placeholder === undefined ? 0 : 1);
	}
	return strings;
}

const hasMarker = (shown: readonly Shown[]) =>
	shown.some((d) => MARKER.test(d.title) || d.options.some((o) => MARKER.test(o)) || MARKER.test(d.placeholder ?? ""));

describe("RPC dialog walker", () => {
	it(`all ${CORPUS.length} strings × ${MODEL_FIELDS.length} model fields + typed answer + note`, async () => {
		let cases = 0;
		let strings = 0;
		for (const { name, text } of CORPUS) {
			const runs: { field: string; q: Questionnaire; typed: string; note: string; shownText: string }[] = [];
			for (const field of MODEL_FIELDS) {
				let q = valid(questionnaireWith(field, text));
				let shownText = text;
				if (!q || (field.startsWith("preview") && q.questions[0]?.options[0]?.preview === undefined)) {
					shownText = framed(text);
					q = valid(questionnaireWith(field, shownText));
				}
				if (!q) throw new Error(`${field} / ${name}: rejected even when framed`);
				runs.push({ field, q, typed: "plain answer", note: "plain note", shownText });
			}
			const plain = valid(questionnaireWith("question", "Which approach?"));
			if (!plain) throw new Error("plain questionnaire rejected");
			runs.push({ field: "typed answer", q: plain, typed: text, note: "plain note", shownText: text });
			runs.push({ field: "note", q: plain, typed: "plain answer", note: text, shownText: text });
			for (const run of runs) {
				const host = new ExplorerHost(run.typed, run.note);
				const result = await walkQuestionnaire(run.q, host, { host: "rpc" });
				const what = `${run.field} / ${name}`;
				strings += checkDialogs(host.shown, what);
				// Typed text that is blank after the walker's trim never shows; anything else leaves a trace.
				if (expectsMarker(run.shownText) && run.shownText.trim() !== "")
					expect(hasMarker(host.shown), `${what}: a visible trace`).toBe(true);
				expect(["answered", "partial"], what).toContain(result.outcome);
				assertModelTextSafe(
					resultText(
						result,
						run.q.questions.map((x) => x.question),
					),
				);
				cases++;
			}
		}
		figures.walkerCases = cases;
		figures.walkerDialogStrings = strings;
	});
});

describe("the real pi binary in RPC mode", () => {
	let h: PiHarness | undefined;
	afterEach(async () => {
		await h?.dispose();
		h = undefined;
	});

	it("the whole corpus packed into questionnaires: every dialog string and the model's text are safe", async () => {
		const forms = packedQuestionnaires();
		h = await createHarness();
		const rpc = h.rpc();
		for (const form of forms) h.fake.enqueue(askStep(...form.questions));
		h.fake.enqueue(echoStep);
		const dialogs: UiRequest[] = [];
		const explorer = () => new ExplorerHost(CORPUS[7]?.text ?? "", CORPUS[15]?.text ?? "");
		let host = explorer();
		const run = await rpc.prompt("ask me", {
			maxDialogs: 200,
			onDialog: async (request) => {
				dialogs.push(request);
				if (request.title.startsWith("Review your answers")) {
					const submit = await host.select(request.title, request.options ?? []);
					host = explorer();
					return submit === undefined ? { cancelled: true } : { value: submit };
				}
				const value =
					request.method === "select"
						? await host.select(request.title, request.options ?? [])
						: await host.input(request.title, request.placeholder);
				return value === undefined ? { cancelled: true } : { value };
			},
		});
		expect(run.toolEnds).toHaveLength(forms.length);
		for (const request of dialogs) {
			assertTerminalSafe(request.title, false, true);
			for (const option of request.options ?? []) assertTerminalSafe(option, false, false);
			if (request.placeholder) assertTerminalSafe(request.placeholder, false, false);
		}
		expect(dialogs.some((d) => MARKER.test(d.title) || (d.options ?? []).some((o) => MARKER.test(o)))).toBe(true);
		for (const end of run.toolEnds) {
			expect(end.isError).toBe(false);
			assertModelTextSafe(toolResultText(end));
		}
		for (const request of h.fake.requests) if (request.lastToolResult) assertModelTextSafe(request.lastToolResult);
		figures.rpcForms = forms.length;
		figures.rpcDialogs = dialogs.length;
	});
});

describe("Pi's InteractiveMode in process (regular mode)", () => {
	it("the whole corpus on screen: the terminal receives only pi-tui's own sequences, and traces stay visible", async () => {
		const written: string[] = [];
		const spy = vi.spyOn(VirtualTerminal.prototype, "write").mockImplementation(function (this: VirtualTerminal, data) {
			written.push(data);
			(this as unknown as { xterm: { write(d: string): void } }).xterm.write(data);
		});
		const forms = packedQuestionnaires();
		const h = await startInteractive({
			cols: 120,
			rows: 40,
			tuiMode: "regular",
			responses: [...forms.map((f) => askTurn(f)), echoTurn],
		});
		try {
			// Pi's own start-up queries (colour scheme, OSC 10/11) come before: check from the prompt on.
			written.splice(0, written.length);
			const done = h.prompt("ask me");
			const screens: string[] = [];
			for (const [n, form] of forms.entries()) {
				await h.waitFor((s) => s.includes(`H1 `) && s.includes("□"), `questionnaire ${n + 1}`);
				for (let q = 0; q < form.questions.length; q++) {
					for (let o = 0; o < 4; o++) {
						screens.push(await h.screen());
						h.press("\x1b[B");
					}
					screens.push(await h.screen());
					h.press("\x1b[200~typed \x1b[2J\x1b]52;c;aGk=\x07 text\x1b[201~", "\r");
				}
				// A multi-select question's typed text is not a commit: Tab moves on to the Submit tab.
				if (!(await h.screen()).includes("Review your answers")) h.press("\t");
				await h.waitFor((s) => s.includes("Review your answers"), "the Submit tab");
				screens.push(await h.screen());
				h.press("\r");
				for (let i = 0; i < 500 && h.toolResults().length <= n; i++) await new Promise((r) => setTimeout(r, 20));
				expect(h.toolResults()).toHaveLength(n + 1);
			}
			await done;
			expect(h.toolResults()).toHaveLength(forms.length);
			for (const text of h.toolResults()) assertModelTextSafe(text);
			expect(h.terminal.running).toBe(true);
			const stream = written.join("");
			assertStreamSafe(stream);
			const screen = screens.join("\n");
			expect(screen).toMatch(MARKER);
			expect(screen).toContain("␛[2J"); // the typed escape, shown
			for (const line of screen.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(120);
			figures.interactiveForms = forms.length;
			figures.interactiveStreamBytes = stream.length;
			figures.interactiveScreens = screens.length;
		} finally {
			spy.mockRestore();
			await h.close();
		}
	});
});

describe("the stream check itself", () => {
	it("rejects the raw corpus, except sequences shaped like pi-tui's own (the line check covers those)", () => {
		let rejected = 0;
		const sameShape: string[] = [];
		for (const { name, text } of CORPUS.filter((s) => expectsMarker(s.text))) {
			try {
				assertStreamSafe(`frame ${text} end`);
				sameShape.push(name);
			} catch {
				rejected++;
			}
		}
		// Only cursor moves, erases, SGR colour and CR can pass as pi-tui's; those never pass assertTerminalSafe
		// with SGR disallowed, which every sanitized string is checked with.
		for (const name of sameShape) expect(name).toMatch(/csi|sgr|lone cr/);
		expect(rejected).toBeGreaterThan(50);
		figures.streamCheckRejects = rejected;
		figures.streamCheckSameShape = sameShape.length;
	});
});
