/**
 * Regression: the walker once used TypeScript parameter properties, which Node's type stripping
 * (how the project runs .ts without a build) rejects with ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX.
 * vitest transpiles, so only a plain Node import catches it.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("src/dialogs/walker.ts and its imports load under plain Node type stripping", () => {
	const walker = fileURLToPath(new URL("../../src/dialogs/walker.ts", import.meta.url));
	const script = `const m = await import(${JSON.stringify(walker)}); console.log(typeof m.walkQuestionnaire);`;
	const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
	expect(out.trim()).toBe("function");
});
