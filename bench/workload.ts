/**
 * The worst-case questionnaires of issue #5: 4 questions × 4 options, each option a distinct 300-line
 * markdown preview (headings, prose with CJK, code blocks, lists); and one question whose first
 * option carries a 1 MB preview. Deterministic, so runs compare. And a bench's scratch folders.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { piEnv } from "../test/support/pi.ts";

const CJK = [
	"这是一个用于性能测试的中文段落，包含全角字符和标点。",
	"日本語のテキストも含まれています：キャッシュの設定を比較します。",
	"한국어 문장도 포함되어 있습니다. 너비 계산을 확인합니다.",
];

/** A markdown block of about 20 lines; `seed` varies the text so no two previews are equal. */
function block(seed: number): string[] {
	const n = seed % 97;
	return [
		`## Section ${seed}: cache layer ${n}`,
		"",
		`Option ${seed} keeps responses for ${n + 5} minutes. ${CJK[seed % CJK.length]} The trade-off is memory against latency, measured at p99.`,
		`${CJK[(seed + 1) % CJK.length]} Mixed prose with \`inline code ${n}\` and **bold** and _emphasis_ for the renderer.`,
		"",
		"```ts",
		`export function cacheFor${seed}(key: string, ttlMs = ${n * 1000}): Map<string, number> {`,
		"\tconst store = new Map<string, number>();",
		`\tfor (let i = 0; i < ${n + 3}; i++) store.set(\`\${key}:\${i}\`, i * ${seed});`,
		`\t// 注释：缓存 ${n} 项`,
		"\treturn store;",
		"}",
		"```",
		"",
		`- item one of ${seed}: ${CJK[(seed + 2) % CJK.length]}`,
		`- item two: a longer line that wraps at narrow widths but not at two hundred columns, number ${n}`,
		"- item three with `code`",
		"",
		`> Quote ${seed}: measure before optimising.`,
		"",
	];
}

/** Exactly `lines` lines of markdown, starting at block `seed`. */
export function markdownPreview(seed: number, lines: number): string {
	const out: string[] = [`# Preview ${seed}`, ""];
	for (let i = 0; out.length < lines; i++) out.push(...block(seed * 1000 + i));
	return out.slice(0, lines).join("\n");
}

/** Markdown of at least `bytes` UTF-8 bytes. */
export function markdownOfSize(seed: number, bytes: number): string {
	const parts: string[] = [`# Large preview ${seed}`, ""];
	let size = 0;
	for (let i = 0; size < bytes; i++) {
		const text = block(seed * 100_000 + i).join("\n");
		parts.push(text);
		size += Buffer.byteLength(text, "utf8") + 1;
	}
	return parts.join("\n");
}

const LABELS = ["Memory", "SQLite", "Redis", "Files"];

/** The worst case: 4 questions × 4 options × 300-line previews. */
export function worstCaseParams(): { questions: object[] } {
	return {
		questions: Array.from({ length: 4 }, (_, q) => ({
			question: `Question ${q + 1}: which cache layer should service ${q + 1} use?`,
			header: `Cache ${q + 1}`,
			multiSelect: q === 3,
			options: LABELS.map((label, o) => ({
				label: o === 0 ? `${label} (Recommended)` : label,
				description: `${label} for service ${q + 1}: trade-offs in latency, memory and operations.`,
				preview: markdownPreview(q * 4 + o + 1, 300),
			})),
		})),
	};
}

/** One question whose first option has a 1 MB preview (the others a 300-line one). */
export function megabyteParams(): { questions: object[] } {
	return {
		questions: [
			{
				question: "Which generated schema should we ship?",
				header: "Schema",
				options: LABELS.map((label, o) => ({
					label,
					description: `${label}: trade-offs.`,
					preview: o === 0 ? markdownOfSize(99, 1024 * 1024) : markdownPreview(90 + o, 300),
				})),
			},
		],
	};
}

/**
 * 4 questions × 4 options, each option a distinct 1 MB markdown preview (16 MB in all); option `o` of
 * question `q` has preview heading "Large preview <q+1><o+1>". The questions carry `marker`.
 */
export function bigPreviewParams(marker: string): { questions: object[] } {
	return {
		questions: Array.from({ length: 4 }, (_, q) => ({
			question: `Which schema ${marker} ${q + 1}?`,
			header: `Schema ${q + 1}`,
			options: LABELS.map((label, o) => ({
				label,
				description: `${label}: trade-offs.`,
				preview: markdownOfSize((q + 1) * 10 + o + 1, 1024 * 1024),
			})),
		})),
	};
}

/**
 * A bench's scratch folder: `dir(name)` makes a subfolder of it; `compileCache` is Node's compile cache
 * shared by the runs (primed by the first). `root` is removed by the caller when done.
 */
export function benchDirs(prefix: string): { root: string; dir(name: string): string; compileCache: string } {
	const root = mkdtempSync(join(tmpdir(), prefix));
	const dir = (name: string) => {
		const path = join(root, name);
		mkdirSync(path, { recursive: true });
		return path;
	};
	return { root, dir, compileCache: dir("node-compile-cache") };
}

/**
 * The environment of a Pi a bench runs in a pseudo-terminal, as a person's would: colours on, not inside
 * our tmux, and (when given) a temp dir and Node compile cache of the bench's own.
 */
export function ptyPiEnv(
	agentDir: string,
	extra: { TMPDIR?: string; NODE_COMPILE_CACHE?: string; [name: string]: string | undefined } = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...piEnv(agentDir), TERM: "xterm-256color", ...extra };
	delete env.NO_COLOR;
	delete env.TMUX;
	return env;
}
