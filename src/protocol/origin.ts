/**
 * Where a relayed questionnaire comes from: the Pi below that asks (its name when the spawning extension
 * gave one, its working directory, how many Pis down it runs, its process id, the task it was given).
 * Read defensively (from the relay's wire, from a session record): every field is untrusted text, capped.
 * The person's label is made in host/labelled-ui.ts, the model's words in late-answer-text.ts. Pure: imports nothing from
 * Pi, sockets or the terminal.
 */
import { cutAtGrapheme } from "../util/graphemes.ts";
import { isRecord } from "../util/records.ts";

/** The Pi below that asks. */
export interface Origin {
	/** Its name: `PI_ASK_RELAY_NAME` (set by a subagent extension) or its session name. */
	name?: string;
	/** Its working directory. */
	cwd: string;
	/** 1 for a Pi started by the one that shows the question, 2 for one started by that one, … */
	depth: number;
	/** Its process id. */
	pid?: number;
	/** The start of the first prompt it was given (a subagent's task). */
	task?: string;
}

/** Caps on what an origin may carry (in UTF-16 units; longer text is cut, never refused). */
const ORIGIN_LIMITS = { name: 100, cwd: 4096, task: 300, depth: 64 } as const;

/** Reads an origin off the wire; cuts long text, refuses wrong types. */
export function readOrigin(value: unknown): { ok: true; origin: Origin } | { ok: false; problem: string } {
	if (!isRecord(value)) return { ok: false, problem: "must be an object {cwd, depth, name?, pid?, task?}" };
	const { name, cwd, depth, pid, task } = value;
	if (typeof cwd !== "string" || cwd === "") return { ok: false, problem: "cwd: must be a non-empty string" };
	if (typeof depth !== "number" || !Number.isInteger(depth) || depth < 1 || depth > ORIGIN_LIMITS.depth)
		return { ok: false, problem: `depth: must be an integer from 1 to ${ORIGIN_LIMITS.depth}` };
	if (name !== undefined && typeof name !== "string") return { ok: false, problem: "name: must be a string" };
	if (task !== undefined && typeof task !== "string") return { ok: false, problem: "task: must be a string" };
	if (pid !== undefined && (typeof pid !== "number" || !Number.isInteger(pid) || pid < 1))
		return { ok: false, problem: "pid: must be a positive integer" };
	const origin: Origin = { cwd: cutAtGrapheme(cwd, ORIGIN_LIMITS.cwd), depth };
	const trimmedName = name?.trim();
	if (trimmedName) origin.name = cutAtGrapheme(trimmedName, ORIGIN_LIMITS.name);
	if (pid !== undefined) origin.pid = pid;
	const trimmedTask = task?.trim();
	if (trimmedTask) origin.task = cutAtGrapheme(trimmedTask, ORIGIN_LIMITS.task);
	return { ok: true, origin };
}
