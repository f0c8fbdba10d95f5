/**
 * Another package's ask_user_question (tool/coexist.ts): Pi exited at start with `Tool "ask_user_question"
 * conflicts with …` when rpiv-ask-user-question or gentle-pi was installed too, in either load order,
 * because both registered the name while Pi loaded extensions. Ours now registers at session start and
 * steps aside when another extension already has the name; one line says which package provides it and
 * the exact command that makes it ours. What Pi lists for each way a package is loaded is taken from
 * Pi 1.6.0 (`pi.getAllTools()` sourceInfo) as observed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { otherProvider, stepAsideNotice } from "../../src/tool/coexist.ts";
import { REPO_ROOT } from "../support/pi.ts";

const RPIV_DIR = "/home/u/.pi/agent/npm/node_modules/@juicesharp/rpiv-ask-user-question";
type Listed = { name: string; sourceInfo: { path: string; source: string; scope: string; origin?: string } };
const rpiv = (sourceInfo: { source: string; scope: string; origin?: string }): Listed[] => [
	{ name: "read", sourceInfo: { path: "builtin:read", source: "builtin", scope: "temporary", origin: "top-level" } },
	{ name: "ask_user_question", sourceInfo: { path: `${RPIV_DIR}/index.ts`, origin: "package", ...sourceInfo } },
];
const notice = (tools: ReturnType<typeof rpiv>) => {
	const other = otherProvider(tools, "ask_user_question");
	if (other === undefined) throw new Error("no other provider found");
	return stepAsideNotice(other);
};

describe("otherProvider", () => {
	it("finds none when no extension registered the name (ours is registered after this check)", () => {
		expect(otherProvider([{ name: "read" }, { name: "ask_user" }], "ask_user_question")).toBeUndefined();
		expect(otherProvider([], "ask_user_question")).toBeUndefined();
	});

	it("finds the one that did, with where Pi says it comes from", () => {
		const tools = rpiv({ source: "npm:@juicesharp/rpiv-ask-user-question", scope: "user" });
		expect(otherProvider(tools, "ask_user_question")).toEqual(tools[1]?.sourceInfo);
	});

	it("is null when Pi does not say where it comes from (an older Pi, a malformed entry)", () => {
		expect(otherProvider([{ name: "ask_user_question" }], "ask_user_question")).toBeNull();
		const malformed = [{ name: "ask_user_question", sourceInfo: { path: 3 } as unknown as { path: string } }];
		expect(otherProvider(malformed as never, "ask_user_question")).toBeNull();
	});
});

describe("the line when ours steps aside", () => {
	it("a package of the global settings (pi install npm:…): pi remove with its source", () => {
		expect(notice(rpiv({ source: "npm:@juicesharp/rpiv-ask-user-question", scope: "user" }))).toBe(
			"provided by @juicesharp/rpiv-ask-user-question, so pi-ask-user-question stepped aside. " +
				"To use pi-ask-user-question's instead: pi remove npm:@juicesharp/rpiv-ask-user-question",
		);
	});

	it("a pinned npm source keeps its version in the command and drops it from the name", () => {
		const line = notice(rpiv({ source: "npm:@juicesharp/rpiv-ask-user-question@2.11.0", scope: "user" }));
		expect(line).toMatch(/^provided by @juicesharp\/rpiv-ask-user-question, /);
		expect(line).toMatch(/: pi remove npm:@juicesharp\/rpiv-ask-user-question@2\.11\.0$/);
	});

	it("gentle-pi's own ask tool: named by its package", () => {
		expect(notice(rpiv({ source: "npm:gentle-pi", scope: "user" }))).toMatch(
			/^provided by gentle-pi, .*: pi remove npm:gentle-pi$/,
		);
	});

	it("a package of the project's settings (pi install -l): pi remove -l", () => {
		expect(notice(rpiv({ source: "npm:@juicesharp/rpiv-ask-user-question", scope: "project" }))).toMatch(
			/: pi remove -l npm:@juicesharp\/rpiv-ask-user-question$/,
		);
	});

	it("a local or git package of the settings: pi remove with the source as written", () => {
		expect(notice(rpiv({ source: RPIV_DIR, scope: "user" }))).toBe(
			`provided by ${RPIV_DIR}, so pi-ask-user-question stepped aside. To use pi-ask-user-question's instead: pi remove ${RPIV_DIR}`,
		);
		expect(notice(rpiv({ source: "git:github.com/juicesharp/rpiv-mono@v2", scope: "user" }))).toMatch(
			/^provided by git:github\.com\/juicesharp\/rpiv-mono@v2, .*: pi remove git:github\.com\/juicesharp\/rpiv-mono@v2$/,
		);
	});

	it("loaded with -e: named by its folder under node_modules; start without that -e", () => {
		expect(notice(rpiv({ source: "cli", scope: "temporary", origin: "top-level" }))).toBe(
			"provided by @juicesharp/rpiv-ask-user-question, so pi-ask-user-question stepped aside. " +
				`To use pi-ask-user-question's instead: start Pi without the -e that loads ${RPIV_DIR}/index.ts`,
		);
	});

	it("an extension file of the settings, or one Pi discovered in its extensions folder", () => {
		expect(notice(rpiv({ source: "local", scope: "user", origin: "top-level" }))).toMatch(
			/: remove \S+\/index\.ts from the extensions of Pi's settings\.json$/,
		);
		expect(notice(rpiv({ source: "local", scope: "project", origin: "top-level" }))).toMatch(
			/: remove \S+\/index\.ts from the extensions of \.pi\/settings\.json$/,
		);
		expect(notice(rpiv({ source: "auto", scope: "user", origin: "top-level" }))).toMatch(
			/: move \S+\/index\.ts out of Pi's extensions folder$/,
		);
	});

	it("a file outside node_modules is named by its path; an unscoped package by its folder", () => {
		const at = (path: string) =>
			stepAsideNotice({ path, source: "cli", scope: "temporary", origin: "top-level" }).split(",")[0];
		expect(at("/work/ask/index.ts")).toBe("provided by /work/ask/index.ts");
		expect(at("/a/node_modules/x/node_modules/gentle-pi/dist/ask.js")).toBe("provided by gentle-pi");
		expect(at("C:\\pi\\node_modules\\@s\\p\\index.ts")).toBe("provided by @s/p");
		expect(at("/a/node_modules/loose.ts")).toBe("provided by /a/node_modules/loose.ts");
	});

	it("when Pi does not say which package: pi list shows it", () => {
		expect(stepAsideNotice(null)).toBe(
			"provided by another extension, so pi-ask-user-question stepped aside; `pi list` shows which.",
		);
	});
});

describe("docs/coming-from-rpiv.md", () => {
	const doc = readFileSync(join(REPO_ROOT, "docs", "coming-from-rpiv.md"), "utf8");

	it("quotes the line Pi prints, word for word", () => {
		const source = { path: `${RPIV_DIR}/index.ts`, source: "npm:@juicesharp/rpiv-ask-user-question", scope: "user" };
		expect(doc).toContain(`\nask_user_question: ${stepAsideNotice(source)}\n`);
	});

	it("maps rpiv's settings to keys this package has", () => {
		const configuration = readFileSync(join(REPO_ROOT, "docs", "configuration.md"), "utf8");
		const ours = [...doc.matchAll(/^\| `[^`]+`[^|]*\| `([^`]+)`/gm)].map((m) => m[1]);
		expect(ours).toEqual([
			"guidance.description",
			"guidance.promptSnippet",
			"guidance.promptGuidelines",
			"keys.collapse",
		]);
		for (const key of ours) expect(configuration, key).toContain(`| \`${key}\` |`);
	});
});
