/**
 * The pictures in docs/images (the README shows one, docs/keys.md all): for each, the questionnaire the fake model asks, the terminal size and the
 * keys that bring the screen to the state shown. Each `expect` is text the final screen must show,
 * so a picture of the wrong state fails the run instead of landing in docs/images.
 */
import type { Step } from "../../test/support/fake-model.ts";
import type { CaptureSpec } from "./capture.ts";

/** One picture: its file name under docs/images and how to capture it. */
export interface Shot extends CaptureSpec {
	name: string;
	/** What the picture shows (printed, and usable as alt text). */
	alt: string;
}

const ask = (...questions: object[]): Step => ({
	toolCall: { name: "ask_user_question", arguments: { questions } },
});

const DATABASE = {
	question: "Which database should the new billing service use?",
	header: "Database",
	options: [
		{ label: "PostgreSQL (Recommended)", description: "Already run by the platform team; strong transactions." },
		{ label: "SQLite", description: "Zero operations; one writer at a time." },
		{ label: "DynamoDB", description: "Scales without tuning; new to the team, harder to query ad hoc." },
	],
};

const PLATFORMS = {
	question: "Which platforms must the first release support?",
	header: "Platforms",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 and arm64 builds." },
		{ label: "macOS", description: "Universal binary, notarized." },
		{ label: "Windows", description: "x64 installer; needs a signing certificate." },
	],
};

const CACHE = {
	question: "Where should the API client cache responses?",
	header: "Cache",
	options: [
		{
			label: "In-memory LRU",
			description: "Simplest; lost on restart.",
			preview:
				'```ts\nimport { LRUCache } from "lru-cache";\n\nexport const cache = new LRUCache<string, Response>({\n\tmax: 500,\n\tttl: 60_000,\n});\n```\n\n- No new infrastructure\n- Each instance warms up on its own',
		},
		{
			label: "SQLite file",
			description: "Survives restarts; single host.",
			preview:
				'```ts\nimport Database from "better-sqlite3";\n\nconst db = new Database(".cache/api.sqlite");\ndb.exec("CREATE TABLE IF NOT EXISTS cache (key TEXT PRIMARY KEY, body BLOB, expires INTEGER)");\n```\n\n- One more file to back up\n- Warm after a restart',
		},
		{
			label: "Redis",
			description: "Shared across instances.",
			preview:
				'```yaml\nservices:\n  redis:\n    image: redis:7\n    ports: ["6379:6379"]\n```\n\n- Shared by every instance\n- Adds a service and a network hop',
		},
	],
};

const PLATFORMS_ZH = {
	question: "首个版本必须支持哪些平台？",
	header: "平台",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 与 arm64 构建。" },
		{ label: "macOS", description: "通用二进制，已公证。" },
		{ label: "Windows", description: "x64 安装包；需要代码签名证书。" },
	],
};

/** Every picture, in the order docs/keys.md shows them. */
export const SHOTS: Shot[] = [
	{
		name: "single-question",
		alt: "A single-select question: three options with descriptions, the second one focused",
		step: ask(DATABASE),
		cols: 100,
		rows: 22,
		ready: "PostgreSQL (Recommended)",
		keys: ["Down"],
		expect: "Which database",
	},
	{
		name: "multi-select",
		alt: "A multi-select question with Linux and macOS checked",
		step: ask(PLATFORMS),
		cols: 100,
		rows: 22,
		ready: "Universal binary",
		keys: ["Space", "Down", "Space", "Down"],
		expect: "Windows",
	},
	{
		name: "preview",
		alt: "Options with previews: the focused option's code shown side by side",
		step: ask(CACHE),
		cols: 120,
		rows: 26,
		ready: "In-memory LRU",
		keys: ["Down"],
		expect: "better-sqlite3",
	},
	{
		name: "submit",
		alt: "The Submit page of a two-question form, listing both answers",
		step: ask(DATABASE, PLATFORMS),
		cols: 100,
		rows: 22,
		ready: "PostgreSQL (Recommended)",
		// Toggle Linux and macOS, then go down to the commit row ("Next") past Windows and "Type something".
		keys: ["Enter", { wait: "Universal binary" }, "Space", "Down", "Space", "Down", "Down", "Down", "Enter"],
		expect: "Platforms: Linux, macOS",
	},
];

/** The zh-CN picture: the same multi-select with the Chinese locale (only once the locale exists). */
export const ZH_SHOT: Shot = {
	name: "zh-CN",
	alt: "The multi-select question with the zh-CN locale",
	step: ask(PLATFORMS_ZH),
	cols: 100,
	rows: 22,
	agentFiles: { "ask-user-question.json": JSON.stringify({ locale: "zh-CN" }) },
	env: { LANG: "zh_CN.UTF-8" },
	prompt: "问我吧。",
	ready: "通用二进制",
	keys: ["Space", "Down", "Space", "Down"],
	expect: "Windows",
};
