/**
 * `npm run config-schema`: writes the config's JSON Schema (`schema/ask-user-question.schema.json`)
 * and the configuration reference (`docs/configuration.md`) from `src/config/schema.ts`.
 * `--check` writes nothing and exits 1 when either file is out of date (the unit test does the same).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { configSchema } from "../src/config/schema.ts";
import { readFieldDocs } from "./config-schema/jsdoc.ts";
import { configJsonSchema, listSettings } from "./config-schema/json-schema.ts";
import { configReference } from "./config-schema/reference.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The generated files, by path relative to the repository root, with their exact contents. */
export function generatedConfigFiles(): Record<string, string> {
	const docs = readFieldDocs(readFileSync(join(ROOT, "src", "config", "schema.ts"), "utf8"));
	return {
		"schema/ask-user-question.schema.json": `${JSON.stringify(configJsonSchema(configSchema(), docs), null, "\t")}\n`,
		"docs/configuration.md": configReference(listSettings(configSchema(), docs)),
	};
}

function main(check: boolean): number {
	let stale = 0;
	for (const [relative, content] of Object.entries(generatedConfigFiles())) {
		const path = join(ROOT, relative);
		let current: string | undefined;
		try {
			current = readFileSync(path, "utf8");
		} catch {
			current = undefined;
		}
		if (current === content) continue;
		if (check) {
			console.error(`${relative} is out of date: run npm run config-schema`);
			stale++;
		} else {
			writeFileSync(path, content);
			console.log(`wrote ${relative}`);
		}
	}
	return stale > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	process.exitCode = main(process.argv.includes("--check"));
}
