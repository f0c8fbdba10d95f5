/**
 * The preload's rehearsal of Pi's argument check (src/pi/argument-check-warm-up.ts): the sample goes through
 * pi-ai's own `validateToolArguments` with the very schema object the tool is registered with (Pi keeps one
 * compiled validator per schema object), and a Pi without that function makes it a no-op.
 */
import { validateToolArguments } from "@earendil-works/pi-ai";
import { describe, expect, it, vi } from "vitest";
import { warmUpArgumentCheck } from "../../src/pi/argument-check-warm-up.ts";
import { QuestionnaireParams } from "../../src/tool/schema.ts";

describe("warmUpArgumentCheck", () => {
	it("checks a valid sample against the registered schema object, through pi-ai's own function", async () => {
		const validate = vi.fn(validateToolArguments);
		const importHost = vi.fn(async () => ({ validateToolArguments: validate }));
		await expect(warmUpArgumentCheck(importHost)).resolves.toBe(true);
		expect(importHost).toHaveBeenCalledWith("@earendil-works/pi-ai");
		expect(validate).toHaveBeenCalledTimes(1);
		expect(validate.mock.calls[0]?.[0].parameters).toBe(QuestionnaireParams);
		// The real check passed: it throws on arguments that do not match.
		expect(validate.mock.results[0]?.type).toBe("return");
	});

	it("does nothing where the host has no such check", async () => {
		await expect(warmUpArgumentCheck(async () => ({}))).resolves.toBe(false);
		await expect(warmUpArgumentCheck(async () => undefined)).resolves.toBe(false);
	});

	it("runs with the real import too (pi-ai resolves as in Pi)", async () => {
		await expect(warmUpArgumentCheck((specifier) => import(specifier))).resolves.toBe(true);
	});
});
