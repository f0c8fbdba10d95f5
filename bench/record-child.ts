/**
 * What recording a questionnaire while it is open costs (spawned by record.ts; prints one JSON line). The
 * real session component (tui-host.ts) reports what was given to the real PendingStore, which appends to a
 * real Pi SessionManager writing a session file. The worst-case questionnaire (4 questions × 4 options ×
 * 300-line previews): answer three questions, then type 2,000 characters on the fourth's "Type something."
 * row at 8 keys a second (a fast typist; the store's timer runs on that clock), then Submit. Then the 1 MB
 * preview questionnaire put aside and reopened three times. Reports the bytes each adds to the session file,
 * what recording adds to each typed key, and how long each write (a timer task between keys) takes.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { PENDING_ENTRY_TYPE } from "../src/pending/records.ts";
import { PendingStore } from "../src/pending/store.ts";
import { argumentsOfCall, questionsOfArguments, sameJson } from "../src/pi/call-questions.ts";
import { emptyProgress } from "../src/protocol/progress.ts";
import { validateQuestionnaire } from "../src/protocol/validation.ts";
import { progressOfState, type QuestionnaireState } from "../src/state/index.ts";
import { KEY, open, tuiLanded, WIDTH } from "./tui-host.ts";
import { megabyteParams, worstCaseParams } from "./workload.ts";

if (!tuiLanded) {
	process.stdout.write(`${JSON.stringify({ missing: "src/tui/run.ts not found (TUI not landed)" })}\n`);
	process.exit(0);
}

const TYPED = 2_000;
const KEY_GAP_MS = 125;
const dir = mkdtempSync(join(tmpdir(), "pi-ask-bench-record-"));

/**
 * A session file with a conversation (Pi writes nothing before one) ending in the model's call of the tool
 * with `params`, and a store recording into it that finds the call's questions there, as in Pi.
 */
function recordingSession(params: unknown) {
	const session = SessionManager.create(dir, dir);
	session.appendMessage({ role: "user", content: "Plan it. Ask me.", timestamp: Date.now() });
	const call = { type: "toolCall", id: "call_1", name: "ask_user_question", arguments: params };
	session.appendMessage({ role: "assistant", content: [call], timestamp: Date.now() } as unknown as Parameters<
		typeof session.appendMessage
	>[0]);
	const file = session.getSessionFile();
	if (!file) throw new Error("no session file");
	let clock = 0;
	const due: { at: number; task: () => void }[] = [];
	const writes: number[] = [];
	const store = new PendingStore({
		append: (record) => {
			const t0 = performance.now();
			session.appendCustomEntry(PENDING_ENTRY_TYPE, record);
			writes.push(performance.now() - t0);
		},
		now: () => clock,
		later: (task, ms) => {
			const item = { at: clock + ms, task };
			due.push(item);
			return () => due.splice(due.indexOf(item), 1);
		},
		randomId: () => `q_bench${clock}`,
		questionsInSession: (callId, questionnaire) =>
			sameJson(questionsOfArguments(argumentsOfCall(session.getBranch(), callId)), questionnaire),
	});
	/** Moves the clock on, running the writes that fall due (between keys, as timers run). */
	const wait = (ms: number) => {
		clock += ms;
		for (const item of due.filter((d) => d.at <= clock)) {
			due.splice(due.indexOf(item), 1);
			item.task();
		}
	};
	const size = () => statSync(file).size;
	return { store, wait, size, writes };
}

function timeKey(
	component: { handleInput?(data: string): void; render(width: number): readonly string[] },
	key: string,
) {
	const t0 = performance.now();
	component.handleInput?.(key);
	component.render(WIDTH);
	return performance.now() - t0;
}

async function typingWorkload() {
	const params = worstCaseParams();
	const { store, wait, size, writes } = recordingSession(params);
	const validation = validateQuestionnaire(params);
	if (!validation.ok) throw new Error("invalid workload");
	const before = size();
	const id = store.newId();
	store.asked({ id, callId: "call_1", askedAt: 0, questionnaire: validation.questionnaire });
	const asked = size() - before;
	// What recording adds to a key: the state read as progress (timed below) and the store hearing of it.
	let heard = 0;
	const session = await open(params, (progress) => {
		const t0 = performance.now();
		store.progressed(id, progress);
		heard += performance.now() - t0;
	});
	const state = () => (session.component as unknown as { getState(): QuestionnaireState }).getState();
	const keyTimes: number[] = [];
	const press = (key: string) => {
		keyTimes.push(timeKey(session.component, key));
		wait(KEY_GAP_MS);
	};
	// Three answers (a digit chooses and moves on), then the fourth question's Type something. row.
	for (const key of ["1", "2", "3", KEY.up, KEY.up]) press(key);
	const typed: number[] = [];
	const recording: number[] = [];
	for (let i = 0; i < TYPED; i++) {
		heard = 0;
		const t0 = performance.now();
		session.component.handleInput?.(String.fromCharCode(97 + (i % 26)));
		session.component.render(WIDTH);
		typed.push(performance.now() - t0);
		const t1 = performance.now();
		progressOfState(state());
		recording.push(performance.now() - t1 + heard);
		wait(KEY_GAP_MS);
	}
	// Tab leaves the draft (kept as the answer) for the Submit tab; Enter submits.
	press(KEY.tab);
	press("\r");
	store.returned(id, { pending: false, outcome: "answered" });
	if (!session.finished()) await new Promise((r) => setTimeout(r, 0));
	const total = size() - before;
	return { asked, total, typed, recording, keyTimes, writes: writes.slice(1, -1) };
}

/** The 1 MB preview questionnaire: asked once, then three rounds of reopen, answer one more, put aside. */
function answerLaterRounds() {
	const params = megabyteParams();
	const { store, size } = recordingSession(params);
	const validation = validateQuestionnaire(params);
	if (!validation.ok) throw new Error("invalid workload");
	const { questionnaire } = validation;
	const before = size();
	const id = store.newId();
	store.asked({ id, callId: "call_1", askedAt: 0, questionnaire });
	store.returned(id, { pending: true });
	const asked = size() - before;
	const rounds: number[] = [];
	let progress = emptyProgress(questionnaire.questions.length);
	for (let round = 0; round < 3; round++) {
		const start = size();
		const answers = [...progress.answers];
		answers[round] = { kind: "option", option: 1 };
		progress = { ...progress, answers };
		store.progressed(id, progress);
		store.flush(id);
		rounds.push(size() - start);
	}
	return { megaAsked: asked, megaRounds: rounds };
}

try {
	const typing = await typingWorkload();
	process.stdout.write(`${JSON.stringify({ ...typing, ...answerLaterRounds() })}\n`);
} finally {
	rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
