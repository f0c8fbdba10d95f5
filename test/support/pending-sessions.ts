/**
 * Sessions that hold pending questionnaires, as a Pi put aside that many times leaves them (Pi's own
 * SessionManager, our pending store writing its records), for tests and benches that need many waiting
 * questionnaires in real Pis at once without waiting for each to be put aside.
 */
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { PENDING_ENTRY_TYPE } from "../../src/pending/records.ts";
import { PendingStore } from "../../src/pending/store.ts";

/** Writes into `dir` a session of `cwd` holding `count` pending questionnaires of Pi `which`, for `--continue`. */
export function pendingSession(cwd: string, dir: string, which: number, count: number): void {
	const session = SessionManager.create(cwd, dir);
	session.appendMessage({ role: "user", content: "Plan it; ask me.", timestamp: Date.now() });
	let n = 0;
	const store = new PendingStore({
		append: (record) => void session.appendCustomEntry(PENDING_ENTRY_TYPE, record),
		now: () => Date.now() - 60_000,
		later: (task) => {
			task();
			return () => {};
		},
		randomId: () => `q_p${which}n${n++}`,
	});
	for (let q = 0; q < count; q++) {
		const id = store.newId();
		const question = {
			question: `Pi ${which}, question ${q}: which option?`,
			header: `P${which}Q${q}`,
			options: [
				{ label: "Alpha", description: "The first." },
				{ label: "Beta", description: "The second." },
			],
		};
		store.asked({ id, askedAt: Date.now() - 60_000, questionnaire: { questions: [question] } });
		store.returned(id, { pending: true });
	}
}
