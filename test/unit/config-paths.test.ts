/** Config paths: the agent dir follows Pi's own getAgentDir() rule, compared against Pi itself. */
import { homedir } from "node:os";
import { join } from "node:path";
import { getAgentDir } from "@earendil-works/pi-coding-agent";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { globalConfigPath, projectConfigPath, resolveAgentDir } from "../../src/config/paths.ts";

const ENV = "PI_CODING_AGENT_DIR";
const saved = process.env[ENV];
afterEach(() => {
	if (saved === undefined) delete process.env[ENV];
	else process.env[ENV] = saved;
});

/** Pi's answer for a given PI_CODING_AGENT_DIR (undefined = unset). */
function piAgentDir(value: string | undefined): string {
	if (value === undefined) delete process.env[ENV];
	else process.env[ENV] = value;
	return getAgentDir();
}

describe("resolveAgentDir", () => {
	it("defaults to ~/.pi/agent when the variable is unset or empty", () => {
		expect(resolveAgentDir({})).toBe(join(homedir(), ".pi", "agent"));
		expect(resolveAgentDir({ [ENV]: "" })).toBe(join(homedir(), ".pi", "agent"));
	});

	it("expands a leading ~ and file:// URLs, and leaves everything else alone", () => {
		expect(resolveAgentDir({ [ENV]: "~" })).toBe(homedir());
		expect(resolveAgentDir({ [ENV]: "~/agents/pi" })).toBe(join(homedir(), "agents/pi"));
		expect(resolveAgentDir({ [ENV]: "file:///srv/pi%20agent" })).toBe("/srv/pi agent");
		expect(resolveAgentDir({ [ENV]: "/abs/dir" })).toBe("/abs/dir");
		expect(resolveAgentDir({ [ENV]: "~other/x" })).toBe("~other/x");
		expect(resolveAgentDir({ [ENV]: " ~/x" })).toBe(" ~/x");
		expect(resolveAgentDir({ [ENV]: "rel/dir" })).toBe("rel/dir");
	});

	it("reads process.env by default", () => {
		process.env[ENV] = "/from/process/env";
		expect(resolveAgentDir()).toBe("/from/process/env");
	});

	it("never throws on a file URL Node rejects", () => {
		expect(resolveAgentDir({ [ENV]: "file://remote-host/x" })).toBe("file://remote-host/x");
	});

	it.each([
		undefined,
		"",
		"~",
		"~/",
		"~/a/b",
		"~a",
		"~\\a",
		"/abs/dir",
		"rel/dir",
		"./x",
		" ~/x",
		"file:///srv/pi%20agent",
		"/c/Users/x",
		"/mnt/c/x",
	])("matches Pi's getAgentDir() for %j", (value) => {
		expect(resolveAgentDir(value === undefined ? {} : { [ENV]: value })).toBe(piAgentDir(value));
	});

	it("matches Pi's getAgentDir() for any string (property)", () => {
		const prefix = fc.constantFrom("", "~", "~/", "/", "./", "file:///", "/c/", "/mnt/d/", "~\\");
		fc.assert(
			fc.property(prefix, fc.string({ maxLength: 12 }), (head, tail) => {
				const value = head + tail;
				if (value.startsWith("file://")) return; // both may throw on odd URLs; covered above
				expect(resolveAgentDir({ [ENV]: value })).toBe(piAgentDir(value));
			}),
			{ numRuns: 300 },
		);
	});
});

describe("config file paths", () => {
	it("puts the global file in the agent dir and the project file in <cwd>/.pi", () => {
		expect(globalConfigPath("/home/u/.pi/agent")).toBe("/home/u/.pi/agent/ask-user-question.json");
		expect(projectConfigPath("/work/repo")).toBe("/work/repo/.pi/ask-user-question.json");
	});
});
