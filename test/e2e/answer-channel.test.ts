/**
 * Answering from another extension, through the real binary: a second extension listens for
 * `ask_user_question:asked` on Pi's event bus and answers with `ask_user_question:answer`. The open
 * RPC dialog, or the questionnaire on the terminal, is closed and the model receives the answer;
 * `details` say it came from that extension (host `programmatic`, `answeredBy`). A refused answer is
 * reported back on the bus. In print mode, where nobody sits at a UI, the tool is offered only because
 * the extension announced that it answers, and the call waits for it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { perTest } from "../support/lifecycle.ts";
import { REPO_ROOT, runPrint, type UiRequest } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";

const pi = perTest();

/**
 * An extension that answers every questionnaire 200 ms after it is asked: first with a label that does
 * not exist (refused: it logs the problems to stderr), then with a real one.
 */
const ANSWERER = `
export default function (pi) {
	const announce = () => pi.events.emit("ask_user_question:answerer", { name: "phone-bridge" });
	pi.events.on("ask_user_question:ready", announce);
	announce();
	pi.events.on("ask_user_question:answer_rejected", (data) => {
		process.stderr.write("REJECTED " + JSON.stringify(data) + "\\n");
	});
	pi.events.on("ask_user_question:closed", (data) => {
		process.stderr.write("CLOSED " + data.result.outcome + "\\n");
	});
	pi.events.on("ask_user_question:asked", (data) => {
		process.stderr.write("ASKED " + data.version + " " + data.questions[0].question + "\\n");
		setTimeout(() => {
			pi.events.emit("ask_user_question:answer", { id: data.id, answers: [{ question: 0, options: ["Memcached"] }] });
			pi.events.emit("ask_user_question:answer", {
				id: data.id,
				answers: [{ question: 0, options: ["sqlite file"], note: "from the phone" }],
				by: "phone-bridge",
			});
		}, 200);
	});
}
`;

describe("an answer from another extension", () => {
	it("RPC: closes the open dialog; the model receives the answer; details name who answered", async () => {
		const h = await pi.harness([askStep(CACHE_QUESTION), echoStep]);
		const answerer = join(h.cwd, "answerer.mjs");
		writeFileSync(answerer, ANSWERER);
		const rpc = h.rpc({ extraArgs: ["-e", answerer] });
		const dialogs: UiRequest[] = [];
		// The person at the editor never answers the dialog.
		const run = await rpc.prompt("pick a cache", {
			onDialog: (request) => {
				dialogs.push(request);
				return new Promise(() => {});
			},
		});
		expect(dialogs).toHaveLength(1);
		const end = run.toolEnds[0]!;
		expect(end.result.details).toMatchObject({
			outcome: "answered",
			host: "programmatic",
			answeredBy: { kind: "extension", name: "phone-bridge" },
			answers: [{ questionIndex: 0, kind: "option", answer: "SQLite file", notes: "from the phone" }],
		});
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(
			'Extension "phone-bridge" (not the user) answered: "Where should the API client cache responses?" = "SQLite file" (note: "from the phone"). Continue with these answers.',
		);
		const stderr = rpc.stderr();
		expect(stderr).toContain(`ASKED 1 ${CACHE_QUESTION.question}`);
		expect(stderr).toContain('no option is labelled \\"Memcached\\"');
		expect(stderr).toContain("CLOSED answered");
	});

	it("TUI: the questionnaire on screen closes and the model's reply follows", async () => {
		const h = await pi.harness([askStep(CACHE_QUESTION), echoStep]);
		const answerer = join(h.cwd, "answerer.mjs");
		writeFileSync(answerer, ANSWERER);
		const tui = pi.tui({ extraArgs: ["-e", answerer], prompt: "We need a cache. Ask me." });
		await tui.waitForScreen("received:", "the model's reply to the answer from the bus");
		expect(h.fake.requests.at(-1)?.lastToolResult).toContain('= "SQLite file" (note: "from the phone")');
		const screen = await tui.screen();
		expect(screen).not.toContain("Type something");
	});

	it("print mode: nobody at a UI, but the answerer announced itself, so the tool is offered and answered", async () => {
		const h = await pi.harness([askStep(CACHE_QUESTION), echoStep]);
		const answerer = join(h.cwd, "answerer.mjs");
		writeFileSync(answerer, ANSWERER);
		const run = await runPrint("pick a cache", h.options({ extraArgs: ["-e", answerer] }));
		expect(run.code).toBe(0);
		expect(h.fake.requests[0]?.tools).toContain(ASK);
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(
			'Extension "phone-bridge" (not the user) answered: "Where should the API client cache responses?" = "SQLite file" (note: "from the phone"). Continue with these answers.',
		);
		expect(run.stdout).toContain('received: Extension "phone-bridge" (not the user) answered:');
	});

	it("print mode without an answerer: the tool is not offered (control)", async () => {
		const h = await pi.harness([{ text: "no tool" }]);
		await runPrint("pick a cache", h.options());
		expect(h.fake.requests[0]?.tools).not.toContain(ASK);
	});

	it("the shipped example (examples/recommended-after-delay.ts) answers the recommended option when nobody does", async () => {
		const question = {
			question: "Which queue should the importer use?",
			header: "Queue",
			options: [
				{ label: "SQS (Recommended)", description: "Managed." },
				{ label: "RabbitMQ", description: "Self-hosted." },
			],
		};
		const h = await pi.harness([askStep(question), echoStep]);
		const example = join(REPO_ROOT, "examples", "recommended-after-delay.ts");
		const run = await runPrint(
			"import the data",
			h.options({ extraArgs: ["-e", example], env: { PI_ASK_AUTO_AFTER: "0.2" } }),
		);
		expect(run.code).toBe(0);
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(
			'Extension "recommended-after-delay" (not the user) answered: "Which queue should the importer use?" = "SQS (Recommended)". Continue with these answers.',
		);
	});
});
