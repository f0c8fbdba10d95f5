/**
 * One questionnaire on screen at a time (src/host/screen.ts): whoever waits is shown in order, this Pi's
 * own before relayed ones still waiting, none interrupted by another; a turn given up while waiting leaves
 * the queue and shows nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SCREEN } from "../../src/host/screen.ts";

/** Whose questionnaire takes the turn. */
type Turn = Parameters<typeof SCREEN.take>[0];

// The process's one screen: each test leaves it free, with nobody waiting, for the next.
afterEach(() => {
	expect(SCREEN.busy).toBe(false);
	expect(SCREEN.queued).toBe(0);
});

/** A questionnaire that stays on screen until `close` is called; `log` records when it is shown and closed. */
function held(log: string[], name: string) {
	let close: () => void = () => {};
	const closed = new Promise<void>((resolve) => {
		close = resolve;
	});
	return {
		show: async () => {
			log.push(`${name} shown`);
			await closed;
			log.push(`${name} closed`);
			return name;
		},
		close: () => close(),
	};
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the screen", () => {
	it("shows one at a time; two children asking at once are shown one after the other", async () => {
		const log: string[] = [];
		const a = held(log, "child A");
		const b = held(log, "child B");
		const first = SCREEN.take("relayed", undefined, a.show);
		const second = SCREEN.take("relayed", undefined, b.show);
		await tick();
		expect(log).toEqual(["child A shown"]);
		expect(SCREEN.queued).toBe(1);
		a.close();
		expect(await first).toBe("child A");
		await tick();
		expect(log).toEqual(["child A shown", "child A closed", "child B shown"]);
		b.close();
		expect(await second).toBe("child B");
		expect(SCREEN.busy).toBe(false);
	});

	it("this Pi's own go before relayed ones still waiting, but never interrupt one on screen", async () => {
		const log: string[] = [];
		const shown = held(log, "child A");
		const items: Record<string, ReturnType<typeof held>> = {};
		const order: [string, Turn][] = [
			["child B", "relayed"],
			["own 1", "own"],
			["child C", "relayed"],
			["own 2", "own"],
		];
		const running = [SCREEN.take("relayed", undefined, shown.show)];
		await tick();
		for (const [name, turn] of order) {
			items[name] = held(log, name);
			running.push(SCREEN.take(turn, undefined, items[name].show));
		}
		await tick();
		expect(log).toEqual(["child A shown"]);
		shown.close();
		for (const name of ["own 1", "own 2", "child B", "child C"]) {
			await tick();
			expect(log.at(-1)).toBe(`${name} shown`);
			items[name]?.close();
			await tick();
		}
		await Promise.all(running);
	});

	it("a turn given up while waiting leaves the queue and shows nothing", async () => {
		const log: string[] = [];
		const a = held(log, "A");
		const gone = new AbortController();
		const first = SCREEN.take("own", undefined, a.show);
		const skipped = SCREEN.take("relayed", gone.signal, async () => {
			log.push("never");
			return "never";
		});
		gone.abort();
		expect(await skipped).toBeUndefined();
		expect(SCREEN.queued).toBe(0);
		a.close();
		await first;
		expect(log).toEqual(["A shown", "A closed"]);
		expect(await SCREEN.take("own", gone.signal, async () => "late")).toBeUndefined();
	});

	it("a show that throws frees the screen for the next", async () => {
		const failing = SCREEN.take("own", undefined, async () => {
			throw new Error("boom");
		});
		const next = SCREEN.take("relayed", undefined, async () => "next");
		await expect(failing).rejects.toThrow("boom");
		expect(await next).toBe("next");
	});
});
