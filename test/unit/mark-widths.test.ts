/**
 * The marks pi-tui measures through its emoji regex (✔ ✘ ☐) are measured one per idle step, once per
 * process; every mark of that range the sources draw is among them, so none is first measured by a frame.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { marksMeasured, measureNextMark } from "../../src/tui/mark-widths.ts";

/** What pi-tui sends through its emoji regex (its `couldBeEmoji`, single code points). */
const EMOJI_RANGE = /[\u2300-\u23ff\u2600-\u27bf\u2b50-\u2b55]/gu;

function sources(dir: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: "utf8" })
		.filter((name) => name.endsWith(".ts"))
		.map((name) => join(dir, name));
}

describe("mark widths", () => {
	it("measures one mark a step until all are measured, then nothing", () => {
		expect(marksMeasured()).toBe(false);
		const steps: boolean[] = [];
		for (let i = 0; i < 5 && !marksMeasured(); i++) steps.push(measureNextMark());
		expect(steps).toEqual([true, true, false]);
		expect(marksMeasured()).toBe(true);
		expect(measureNextMark()).toBe(false);
	});

	it("covers every mark of pi-tui's emoji range drawn outside comments", () => {
		const drawn = new Set<string>();
		for (const file of sources(join(import.meta.dirname, "../../src"))) {
			const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
			for (const mark of code.match(EMOJI_RANGE) ?? []) drawn.add(mark);
		}
		expect([...drawn].sort()).toEqual(["☐", "✔", "✘"]);
		for (const mark of drawn) expect(visibleWidth(mark)).toBe(1);
	});
});
