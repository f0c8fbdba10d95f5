/**
 * The one door our records go through to the session, and what happens when it is shut: a full disk, a
 * read-only folder, a session file gone. The first failed append starts a failure; the person is told once
 * (`report`), not at every record. While it lasts nothing is appended but one retry every
 * {@link RETRY_MS}: records wait in memory, in order, and the store keeps progress unwritten so that what is
 * written when space returns is one patch per questionnaire, the latest, not a line per second of typing
 * (a line per second is what fills a nearly full disk first, and leaves the half line). A retry that
 * gets everything out ends the failure; the owner says so once its own part is written too (`recovered`).
 * Pure: the session, the timer and the reports come in.
 */
import type { QuestionnaireRecord } from "./records.ts";
import type { PendingStoreHost } from "./store-host.ts";

/** How often a failed session is tried again. */
const RETRY_MS = 2_000;

/** What the writer is built from: the store's session, timer and report, and the owner's retry. */
type RecordWriterHost = Pick<PendingStoreHost, "append" | "later" | "report"> & {
	/** The retry is due: the owner calls {@link RecordWriter.retry} and writes what it kept back. */
	retryDue(): void;
};

export class RecordWriter {
	/** Records that could not be written yet, oldest first (the retry writes them before anything else). */
	private backlog: QuestionnaireRecord[] = [];
	private failed = false;
	/** The person was told of the current failure (cleared by {@link recovered}, not by a lucky retry). */
	private told = false;
	private cancelRetry: (() => void) | undefined;
	private readonly host: RecordWriterHost;

	constructor(host: RecordWriterHost) {
		this.host = host;
	}

	/** True from a failed append until a retry wrote everything kept back. */
	get failing(): boolean {
		return this.failed;
	}

	/** Appends `record`, or keeps it for the retry while writes fail. */
	write(record: QuestionnaireRecord): void {
		if (!this.attempt(record)) this.backlog.push(record);
	}

	/**
	 * Appends `record` unless writes are failing; false when it is not in the session and not kept either: the
	 * caller keeps what it stands for (the store's progress, written as one latest patch by the retry).
	 */
	attempt(record: QuestionnaireRecord): boolean {
		if (this.failed) return false;
		try {
			this.host.append(record);
			return true;
		} catch (error) {
			this.failed = true;
			this.scheduleRetry();
			if (!this.told) {
				this.told = true;
				this.host.report?.(error);
			}
			return false;
		}
	}

	/**
	 * Tries the records kept back, oldest first, stopping at the first that fails. True when all are out:
	 * the failure is over (the caller then writes what it kept back itself, the progress).
	 */
	retry(): boolean {
		this.cancelRetry?.();
		this.cancelRetry = undefined;
		if (!this.failed) return true;
		while (this.backlog.length > 0) {
			const [next] = this.backlog;
			try {
				this.host.append(next as QuestionnaireRecord);
			} catch {
				this.scheduleRetry();
				return false;
			}
			this.backlog.shift();
		}
		this.failed = false;
		return true;
	}

	/** Everything kept back is in the session (the owner's part too): a later failure is told again. */
	recovered(): void {
		if (!this.failed) this.told = false;
	}

	/** Forgets what was kept back (the session it belonged to is gone) and ends the failure. */
	drop(): void {
		this.cancelRetry?.();
		this.cancelRetry = undefined;
		this.backlog = [];
		this.failed = false;
		this.told = false;
	}

	private scheduleRetry(): void {
		this.cancelRetry ??= this.host.later(() => {
			this.cancelRetry = undefined;
			this.host.retryDue();
		}, RETRY_MS);
	}
}
