/**
 * What Pi does on its own with each argument shape (no `prepareArguments` hook): one short summary per
 * shape and Pi version, recorded in test/e2e/pi-own-validation.json and shown as docs/arguments.md's
 * "pi-own" table. Pure: the e2e module (test/e2e/pi-own-validation.ts) measures, this file words and renders.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isOlderVersion } from "../../src/pi/pi-version.ts";
import { markdownCell } from "./doc-section.ts";
import { REPO_ROOT } from "./pi.ts";
import { EXECUTE_RECEIVED } from "./schema-only-extension.ts";

/** One Pi version's observations: the validator pi-ai uses, and a summary per shape name. */
export interface PiOwnObservation {
	validator: string;
	shapes: Record<string, string>;
}

/** Every recorded version's observations, by version. */
export type PiOwnRecord = Record<string, PiOwnObservation>;

const RECORD_PATH = join(REPO_ROOT, "test", "e2e", "pi-own-validation.json");

export function readPiOwnRecord(): PiOwnRecord {
	return JSON.parse(readFileSync(RECORD_PATH, "utf8")) as PiOwnRecord;
}

/** Saves `record` with its versions in order. */
export function writePiOwnRecord(record: PiOwnRecord): void {
	const sorted = Object.fromEntries(sortVersions(Object.keys(record)).map((v) => [v, record[v]]));
	writeFileSync(RECORD_PATH, `${JSON.stringify(sorted, null, "\t")}\n`);
}

/** Which library pi-ai's `validateToolArguments` coerces and checks with, from its source. */
export function validatorOf(validationSource: string): string {
	if (validationSource.includes('from "@earendil-works/pi-schema"'))
		return "pi-schema `compile(schema, { coerce: true })`";
	if (validationSource.includes("Value.Convert(")) return "TypeBox `Value.Convert`, then `Check`";
	return "unknown";
}

/**
 * The tool result in a few words: what reached `execute` (and what Pi changed on the way), or what Pi
 * refused with (its problem lines, without the arguments it echoes back).
 */
export function summarizeOwnResult(sent: unknown, received: string): string {
	if (received.startsWith(EXECUTE_RECEIVED)) {
		const changes = changesBetween(sent, JSON.parse(received.slice(EXECUTE_RECEIVED.length)), "");
		return changes.length === 0 ? "reaches `execute` as sent" : `reaches \`execute\` with ${changes.join(", ")}`;
	}
	const refusal =
		/^(?:Validation failed|Invalid arguments) for tool "ask_user_question":(.*?)(?:\n\nReceived arguments:\n[\s\S]*)?$/s.exec(
			received,
		);
	if (!refusal) return `unexpected: ${received}`;
	const problems = (refusal[1] ?? "")
		.split("\n")
		.map((line) => line.replace(/^\s*-\s*/, "").trim())
		.filter((line) => line !== "");
	return `refused: ${problems.map((p) => `\`${p}\``).join(", ")}`;
}

/** The differences from `sent` to `got`, each as `` `path: before → after` ``, dotted paths as Pi writes them. */
function changesBetween(sent: unknown, got: unknown, path: string): string[] {
	const at = path === "" ? "root" : path;
	if (JSON.stringify(sent) === JSON.stringify(got)) return [];
	if (
		Array.isArray(got) &&
		!Array.isArray(sent) &&
		got.length === 1 &&
		JSON.stringify(got[0]) === JSON.stringify(sent)
	) {
		return [`\`${at}\` wrapped in an array`];
	}
	const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
	if (isRecord(sent) && isRecord(got) && Array.isArray(sent) === Array.isArray(got)) {
		const keys = [...new Set([...Object.keys(sent), ...Object.keys(got)])];
		return keys.flatMap((key) => {
			const child = path === "" ? key : `${path}.${key}`;
			if (!(key in got)) return [`\`${child}: ${JSON.stringify(sent[key])}\` dropped`];
			if (!(key in sent)) return [`\`${child}: ${JSON.stringify(got[key])}\` added`];
			return changesBetween(sent[key], got[key], child);
		});
	}
	return [`\`${at}: ${JSON.stringify(sent)} → ${JSON.stringify(got)}\``];
}

/** The docs/arguments.md section: where Pi validates, by version, then one row per shape (in `names` order). */
export function renderPiOwnTable(record: PiOwnRecord, names: readonly string[]): string {
	const versions = sortVersions(Object.keys(record));
	const byValidator = groupBy(versions, (v) => record[v]?.validator ?? "unknown");
	const where = [...byValidator].map(([validator, vs]) => `${validator} on ${versionList(vs, versions)}`).join("; ");
	const rows = names.map((name) => {
		const groups = [...groupBy(versions, (v) => record[v]?.shapes[name] ?? "not measured")];
		const cell =
			groups.length === 1
				? (groups[0]?.[0] ?? "")
				: groups.map(([summary, vs]) => `**${versionList(vs, versions)}**: ${summary}`).join("\n");
		return `| ${name} | ${markdownCell(cell)} |`;
	});
	return [
		`Measured on Pi ${versionList(versions, versions)}. pi-ai's \`validateToolArguments\` coerces and checks: ${where}.`,
		"",
		"| the model sends | what Pi does on its own (no hook) |",
		"| --- | --- |",
		...rows,
	].join("\n");
}

function sortVersions(versions: string[]): string[] {
	return [...versions].sort((a, b) => (isOlderVersion(a, b) ? -1 : isOlderVersion(b, a) ? 1 : 0));
}

function groupBy(versions: string[], key: (version: string) => string): Map<string, string[]> {
	const groups = new Map<string, string[]>();
	for (const v of versions) groups.set(key(v), [...(groups.get(key(v)) ?? []), v]);
	return groups;
}

/** `versions` as a range ("0.84.3–1.3.0") when they are three or more adjacent ones of `all`, else a list. */
function versionList(versions: string[], all: string[]): string {
	const first = all.indexOf(versions[0] ?? "");
	const adjacent = versions.every((v, i) => all[first + i] === v);
	return adjacent && versions.length > 2 ? `${versions[0]}–${versions.at(-1)}` : versions.join(", ");
}
