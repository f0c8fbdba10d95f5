/**
 * One answer per pending questionnaire across processes: two Pis on one session (`--session` twice, a fork)
 * both list it, and both could settle it — the model would get two late answers. Settling first claims it:
 * `<agent dir>/ask-user-question/settled/<id>.json`, made exclusively, names the process that settled it.
 * Another live process holding the claim wins. A dead holder wins too once its settling completed in the
 * session file (a settled record, or, for a late answer, the late answer message itself); one that died
 * before that (a crash, SIGKILL) left the questionnaire pending on purpose (restore.ts), and its claim is
 * taken over. Where the claim cannot be made at all (a read-only agent dir), settling goes on as before.
 * Node built-ins only; no Pi imports.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PENDING_ENTRY_TYPE } from "../pending/records.ts";
import { LATE_ANSWER_TYPE } from "../protocol/late-answer.ts";
import { processAlive } from "../util/process-alive.ts";
import { attempt, isRecord } from "../util/records.ts";

/** What a claim needs: where claims live, the session file as written, and whether a process still runs. */
export interface ClaimPlace {
	agentDir: string;
	sessionFile: string | undefined;
	alive?(pid: number): boolean;
}

/** True when this process may settle `id`; false when another Pi settled it (or is settling it) already. */
export function claimSettlement(place: ClaimPlace, id: string, pid: number = process.pid): boolean {
	const dir = join(place.agentDir, "ask-user-question", "settled");
	const file = join(dir, `${id.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
	const mine = JSON.stringify({ pid });
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 });
		writeFileSync(file, mine, { flag: "wx", mode: 0o600 });
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EEXIST") return true;
	}
	const holder = holderOf(file);
	if (holder === pid) return true;
	if (holder !== undefined && (place.alive ?? processAlive)(holder)) return false;
	if (completedIn(place.sessionFile, id)) return false;
	try {
		writeFileSync(file, mine, { mode: 0o600 });
	} catch {
		// Taken over in memory only: the next claimant reads the session file, as this one did.
	}
	return true;
}

function holderOf(file: string): number | undefined {
	const value: unknown = attempt(() => JSON.parse(readFileSync(file, "utf8")), undefined);
	return isRecord(value) && typeof value.pid === "number" ? value.pid : undefined;
}

/** True when the session file holds `id`'s settling, completed: settled for good, or its late answer sent. */
function completedIn(sessionFile: string | undefined, id: string): boolean {
	const text = sessionFile === undefined ? undefined : attempt(() => readFileSync(sessionFile, "utf8"), undefined);
	if (text === undefined) return false;
	const quoted = JSON.stringify(id);
	for (const line of text.split("\n")) {
		if (!line.includes(quoted)) continue;
		const entry: unknown = attempt(() => JSON.parse(line), undefined);
		if (!isRecord(entry)) continue;
		const data = isRecord(entry.data) ? entry.data : undefined;
		if (entry.customType === PENDING_ENTRY_TYPE && data?.kind === "settled" && data.id === id && data.late !== true)
			return true;
		const details = isRecord(entry.details) ? entry.details : undefined;
		if (entry.customType === LATE_ANSWER_TYPE && details?.id === id) return true;
	}
	return false;
}
