/**
 * What Pi itself does with each real-world argument shape, without the extension's argument repair: the
 * shapes of test/support/argument-shapes.ts go through the real `pi` (RPC mode) to a tool with the real
 * schema and no `prepareArguments` hook (test/support/schema-only-extension.ts), and each result must be
 * what test/e2e/pi-own-validation.json recorded for this Pi version; docs/arguments.md's "pi-own" table is made
 * from that file. `PI_ASK_WRITE_DOCS=1` records this version's results instead and rewrites the table.
 * Run by test/e2e/compat.test.ts on the devDependency and the oldest supported Pi, and by `npm run compat`.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SHAPES } from "../support/argument-shapes.ts";
import { docSection, WRITE_DOCS, writeDocSection } from "../support/doc-section.ts";
import { sharedHarness } from "../support/lifecycle.ts";
import { piAiFile, piVersion, REPO_ROOT, type RpcSession } from "../support/pi.ts";
import {
	type PiOwnObservation,
	readPiOwnRecord,
	renderPiOwnTable,
	summarizeOwnResult,
	validatorOf,
	writePiOwnRecord,
} from "../support/pi-own-record.ts";
import { ASK, echoStep } from "../support/questions.ts";

/** The title prefix of these tests (scripts/compat.ts counts them apart). */
export const PI_OWN = "Pi on its own";

const SECTION = "pi-own";
const NAMES = SHAPES.map((shape) => shape.name);

/** Defines the measurement for the Pi at `piHome()` (read when the tests run). */
export function definePiOwnValidation(label: string, piHome: () => string | undefined): void {
	describe(`${PI_OWN} (no argument repair) on ${label}`, () => {
		const pi = sharedHarness();
		let rpc: RpcSession | undefined;
		let version = "";
		const observed: PiOwnObservation = { validator: "", shapes: {} };
		beforeAll(() => {
			version = piVersion(piHome());
			observed.validator = validatorOf(readFileSync(piAiFile("dist/utils/validation.js", piHome()), "utf8"));
			const extension = join(REPO_ROOT, "test", "support", "schema-only-extension.ts");
			rpc = pi.h.rpc({ loadExtension: false, extraArgs: ["-e", extension], piHome: piHome() });
		});

		it.each(SHAPES.map((shape) => [shape.name, shape] as const))(`${PI_OWN}: %s`, async (name, shape) => {
			if (!rpc) throw new Error("no RPC session");
			pi.h.fake.enqueue({ toolCall: { name: ASK, arguments: shape.args } }, echoStep);
			const run = await rpc.prompt("ask");
			expect(run.dialogs).toEqual([]);
			const sent = typeof shape.args === "string" ? JSON.parse(shape.args) : shape.args;
			const summary = summarizeOwnResult(sent, pi.h.fake.requests.at(-1)?.lastToolResult ?? "(no tool result)");
			observed.shapes[name] = summary;
			if (WRITE_DOCS) return;
			const recorded = readPiOwnRecord()[version];
			expect(recorded, `Pi ${version} is not in pi-own-validation.json (PI_ASK_WRITE_DOCS=1 records it)`).toBeDefined();
			expect(summary).toBe(recorded?.shapes[name]);
		});

		it(`${PI_OWN}: the validator, and docs/arguments.md's table of every recorded version`, () => {
			const record = readPiOwnRecord();
			if (WRITE_DOCS && Object.keys(observed.shapes).length === SHAPES.length) {
				writePiOwnRecord({ ...record, [version]: observed });
				writeDocSection(SECTION, renderPiOwnTable(readPiOwnRecord(), NAMES));
				return;
			}
			expect(observed.validator).toBe(record[version]?.validator);
			const { current, wanted } = docSection(SECTION, renderPiOwnTable(record, NAMES));
			expect(current, "docs/arguments.md's pi-own table (PI_ASK_WRITE_DOCS=1 rewrites it)").toBe(wanted);
		});
	});
}
