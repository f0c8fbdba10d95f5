/**
 * The published package, not the working tree: `npm pack` makes the tarball exactly as `npm publish`
 * would (running the package's own pack scripts), `pi install npm:pi-ask-user-question@file:<tarball>`
 * installs it into a clean agent dir the way `pi install npm:pi-ask-user-question` does (npm, under
 * `<agent dir>/npm/node_modules`),
 * and a plain `pi --mode rpc` (no `-e`, no `-ne`) loads it and runs a question through RPC against the
 * fake model. Pi must report nothing about the extension: no stderr output, no notify, no
 * `extension_error`. What a reader of the package relies on is checked on the tarball too: every relative
 * link and image of its Markdown is a packed file, the license, where the repository is (if anywhere), the gallery
 * picture, and peers only for what the shipped code imports.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_MODULES } from "../../src/bundle-entry.ts";
import { removeDir } from "../support/fake-model.ts";
import { brokenLinks, linkTargets } from "../support/markdown-links.ts";
import { packPackage, tarballSource } from "../support/pack.ts";
import { createHarness, type PiHarness, REPO_ROOT, type RpcEvent, runPiRaw, toolResultText } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";

interface Manifest {
	name: string;
	version: string;
	license?: string;
	repository?: { type?: string; url?: string };
	homepage?: string;
	bugs?: { url?: string };
	pi?: { extensions?: string[]; image?: string };
	types?: string;
	scripts?: Record<string, string>;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
}

let packDir: string;
let tarball: string;
let packed: string[];
let h: PiHarness;
let installDir: string;
let installOutput: string;

beforeAll(async () => {
	const pack = await packPackage();
	packDir = pack.dir;
	tarball = pack.tarball;
	packed = pack.files;

	h = await createHarness();
	const source = tarballSource(tarball);
	const install = await runPiRaw(["install", source], { agentDir: h.agentDir, cwd: h.cwd, timeoutMs: 120_000 });
	if (install.code !== 0) throw new Error(`pi install failed (${install.code}):\n${install.stdout}\n${install.stderr}`);
	installOutput = `${install.stdout}${install.stderr}`;
	installDir = join(h.agentDir, "npm", "node_modules", "pi-ask-user-question");
}, 240_000);

afterAll(async () => {
	await h?.dispose();
	if (packDir) removeDir(packDir);
});

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

describe("the tarball", () => {
	it("holds the entry, the docs Pi reads, the schema and the example answerer, and none of the development files", () => {
		const own = manifest(REPO_ROOT);
		for (const entry of own.pi?.extensions ?? []) expect(packed, entry).toContain(entry.replace(/^\.\//, ""));
		expect(packed).toEqual(
			expect.arrayContaining([
				"package.json",
				"README.md",
				"CHANGELOG.md",
				"schema/ask-user-question.schema.json",
				"examples/recommended-after-delay.ts",
			]),
		);
		const development = packed.filter((path) => /^(test|bench|scripts|node_modules|\.tmp|\.git)\//.test(path));
		expect(development).toEqual([]);
	});

	it("ships the built bundles the entry loads, and not the TypeScript sources they are built from", () => {
		// entry.cjs loads src/ only where dist/ was never built (a `pi install git:` checkout without esbuild);
		// a tarball always has dist/, since packing builds it (prepack).
		expect(packed).toEqual(expect.arrayContaining(["entry.cjs", "dist/core.cjs", "dist/tui.cjs"]));
		// The types other extensions import (package.json `exports`), written by the build too.
		expect(packed).toContain(manifest(REPO_ROOT).types?.replace(/^\.\//, ""));
		expect(packed).not.toContain("dist/loader.cjs");
		expect(packed.filter((path) => path.startsWith("src/"))).toEqual([]);
	});

	it("every relative link and image in its Markdown (README first) is a file in the tarball", () => {
		const markdown = packed.filter((path) => path.endsWith(".md"));
		expect(markdown).toContain("README.md");
		const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
		// The check sees README's pictures and doc links (it would pass vacuously otherwise).
		expect(linkTargets(readme)).toEqual(expect.arrayContaining(["docs/images/preview.png", "docs/configuration.md"]));
		const broken = markdown.flatMap((file) => brokenLinks(file, readFileSync(join(REPO_ROOT, file), "utf8"), packed));
		expect(broken).toEqual([]);
	});

	it("carries the MIT license its manifest names", () => {
		expect(manifest(REPO_ROOT).license).toBe("MIT");
		expect(packed).toContain("LICENSE");
		const license = readFileSync(join(REPO_ROOT, "LICENSE"), "utf8");
		expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} \S/);
		expect(license).toContain("Permission is hereby granted, free of charge, to any person obtaining a copy");
	});

	it("names one GitHub repository as repository, homepage and bugs, or none while there is no public one", () => {
		const own = manifest(REPO_ROOT);
		// No public repository yet: an address that does not exist would send readers to a 404. Once there is
		// one, all three name it (a registry page resolves README's relative links against it).
		if (own.repository === undefined && own.homepage === undefined && own.bugs === undefined) return;
		const repo = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(own.repository?.url ?? "")?.[1];
		expect(repo, own.repository?.url).toBeDefined();
		expect(own.repository?.type).toBe("git");
		expect(own.homepage).toBe(`${repo}#readme`);
		expect(own.bugs?.url).toBe(`${repo}/issues`);
	});

	it("its gallery picture (pi.image) is a packed PNG, served from the published package", () => {
		const { name, pi } = manifest(REPO_ROOT);
		const image = pi?.image ?? "";
		// jsDelivr serves the files of the published npm package: the picture is the one in the tarball.
		const served = new RegExp(`^https://cdn\\.jsdelivr\\.net/npm/${name}(?:@[^/]+)?/(.+\\.(?:png|jpe?g|gif|webp))$`);
		const path = served.exec(image)?.[1];
		expect(path, image).toBeDefined();
		expect(packed).toContain(path);
	});

	it("declares as peers exactly the host packages the shipped code imports, and none as a dependency", () => {
		const own = manifest(REPO_ROOT);
		// Every host import of the bundles is one of HOST_MODULES (the build refuses any other).
		const imported = [
			...new Set(
				HOST_MODULES.map((specifier) =>
					specifier
						.split("/")
						.slice(0, specifier.startsWith("@") ? 2 : 1)
						.join("/"),
				),
			),
		];
		expect(Object.keys(own.peerDependencies ?? {}).sort()).toEqual(imported.sort());
		for (const host of imported) expect(own.dependencies?.[host], host).toBeUndefined();
		// The example imports a host package, or this package's own types (a type import: erased when Pi loads it).
		const example = readFileSync(join(REPO_ROOT, "examples", "recommended-after-delay.ts"), "utf8");
		for (const [, specifier] of example.matchAll(/from "([^"]+)"/g))
			expect([...imported, own.name], specifier).toContain(specifier);
	});
});

describe("pi install npm:pi-ask-user-question@file:<tarball>", () => {
	it("installs the package under the agent dir's npm folder, with every extension entry present", async () => {
		expect(existsSync(installDir)).toBe(true);
		const installed = manifest(installDir);
		expect(installed.name).toBe("pi-ask-user-question");
		expect(installed.version).toBe(manifest(REPO_ROOT).version);
		const entries = installed.pi?.extensions ?? [];
		expect(entries.length).toBeGreaterThan(0);
		for (const entry of entries) expect(existsSync(join(installDir, entry)), entry).toBe(true);
		const list = await runPiRaw(["list"], { agentDir: h.agentDir, cwd: h.cwd });
		expect(list.stdout).toContain(installDir);
		// The path the configuration docs give for `$schema` next to the global config file.
		expect(
			existsSync(join(h.agentDir, "npm/node_modules/pi-ask-user-question/schema/ask-user-question.schema.json")),
		).toBe(true);
	});

	it("exports the answer channel's payload types: another extension's TypeScript reads them from the package", () => {
		const consumer = join(packDir, "consumer");
		mkdirSync(join(consumer, "node_modules"), { recursive: true });
		symlinkSync(installDir, join(consumer, "node_modules", "pi-ask-user-question"), "dir");
		writeFileSync(
			join(consumer, "answerer.ts"),
			[
				'import type { AnswerPayload, AskedPayload, ClosedPayload, QuestionnaireResult } from "pi-ask-user-question";',
				'const asked: AskedPayload = { version: 1, id: "q_1", questions: [] };',
				'const answer: AnswerPayload = { id: asked.id, answers: [{ question: 0, options: [1, "Redis"] }], by: "bridge" };',
				"const result = (closed: ClosedPayload): QuestionnaireResult => closed.result;",
				"// @ts-expect-error: an answer names who gives it",
				'const anonymous: AnswerPayload = { id: "q_1", decline: true };',
				"export { answer, anonymous, result };",
			].join("\n"),
		);
		writeFileSync(
			join(consumer, "tsconfig.json"),
			JSON.stringify({
				compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", noEmit: true, types: [] },
				files: ["answerer.ts"],
			}),
		);
		const tsc = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", consumer], {
			encoding: "utf8",
		});
		expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
		expect(tsc.status).toBe(0);
	});

	it("the packed manifest has no scripts (each names checkout files), so npm says nothing about install scripts", () => {
		expect(manifest(installDir).scripts).toBeUndefined();
		expect(manifest(REPO_ROOT).scripts?.prepare).toBeDefined();
		expect(installOutput).not.toMatch(/install-scripts|allowScripts/);
	});

	it("a plain `pi --mode rpc` loads it and a question completes, with no extension warning", async () => {
		const rpc = h.rpc({ loadExtension: false, noExtensions: false });
		h.fake.enqueue(askStep(CACHE_QUESTION), echoStep);
		const user = scriptedUser([choose(rows.numbered(3), "option 3 (Redis)", CACHE_QUESTION.question)]);
		const run = await rpc.prompt("where should we cache?", { onDialog: user.handler });
		expect(user.remaining(), rpc.stderr()).toEqual([]);

		expect(h.fake.requests[0]?.tools).toContain(ASK);
		const end = run.toolEnds[0]!;
		expect(end.isError).toBe(false);
		expect(end.result.details).toMatchObject({ outcome: "answered", host: "rpc" });
		const expected =
			'User answered: "Where should the API client cache responses?" = "Redis". Continue with these answers.';
		expect(toolResultText(end)).toBe(expected);
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(expected);

		// Nothing said about the extension, from startup on: stderr, notify requests, extension errors.
		await rpc.close();
		const notices = rpc.events.filter(
			(e: RpcEvent) => (e.type === "extension_ui_request" && e.method === "notify") || e.type === "extension_error",
		);
		expect(notices).toEqual([]);
		expect(rpc.stderr()).toBe("");
	});
});
