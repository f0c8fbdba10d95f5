/**
 * Another package's `ask_user_question` (rpiv-ask-user-question, gentle-pi's ask tool, a second copy of
 * this one): Pi exits at start when two extensions register one tool name while loading, so ours is
 * registered at session start instead, and only when no other extension has registered the name; then
 * it steps aside. This module finds that other provider among the registered tools and words the one
 * line that says which package provides the tool and the exact command that makes it ours.
 *
 * Decision: the other package keeps the tool, whichever loads first. Pi lets the earliest-loaded
 * extension's tool win, and we cannot unregister another's, so "ours wins" would hold in one load order
 * only; stepping aside holds in both, and removing the other package is one command the line gives.
 *
 * Pure: the registered tools come in as data (pi/coexist.ts reads them from Pi). Imports nothing.
 */

/** Where Pi says a registered tool comes from (its `sourceInfo`; older Pis may not say). */
interface ToolSource {
	/** The extension file that registered it. */
	path: string;
	/** What the settings name: `npm:@x/y`, `git:…`, a path; `cli` for `-e`, `auto` for a discovered file. */
	source: string;
	/** `user` (global settings), `project` (`.pi/settings.json`), `temporary` (`-e`). */
	scope: string;
	/** `package` (a package entry of the settings) or `top-level` (an extension file). */
	origin?: string;
}

/** A registered tool as Pi lists it (`pi.getAllTools()`). */
interface RegisteredTool {
	name: string;
	sourceInfo?: ToolSource;
}

/** The package this is, as the line names it. */
const OWN_PACKAGE = "pi-ask-user-question";

/**
 * The other provider of `toolName` among `tools`, called before ours is registered (so any entry of that
 * name is another's): its source, `null` when Pi does not say where it comes from, undefined when none.
 */
export function otherProvider(tools: readonly RegisteredTool[], toolName: string): ToolSource | null | undefined {
	const other = tools.find((tool) => tool.name === toolName);
	if (other === undefined) return undefined;
	return isToolSource(other.sourceInfo) ? other.sourceInfo : null;
}

/**
 * The package's name: from an npm source (`npm:@x/y@1.2.0` → `@x/y`), or the folder under node_modules the
 * file sits in; else the source as the settings write it, else the path.
 */
function providerName(source: ToolSource): string {
	const npm = /^npm:(@?[^@]+)/.exec(source.source);
	if (npm?.[1] !== undefined) return npm[1];
	if (!["cli", "auto", "local"].includes(source.source)) return source.source;
	const parts = source.path.split(/[\\/]/);
	const at = parts.lastIndexOf("node_modules");
	const scoped = parts[at + 1]?.startsWith("@") === true;
	const name = parts.slice(at + 1, at + (scoped ? 3 : 2));
	// The package folder, with a file below it (so the name is not the file itself).
	return at >= 0 && parts.length > at + name.length + 1 ? name.join("/") : source.path;
}

/** The exact command (or step) that removes the other provider, so ours registers at the next start. */
function removalStep(source: ToolSource): string {
	if (source.scope === "temporary") return `start Pi without the -e that loads ${source.path}`;
	if (source.source === "auto") return `move ${source.path} out of Pi's extensions folder`;
	if (source.origin === "top-level" && source.source === "local")
		return `remove ${source.path} from the extensions of ${source.scope === "project" ? ".pi/settings.json" : "Pi's settings.json"}`;
	return `pi remove${source.scope === "project" ? " -l" : ""} ${source.source}`;
}

/** The one line said when ours steps aside for `source` (null: Pi did not say which package), after "ask_user_question: ". */
export function stepAsideNotice(source: ToolSource | null): string {
	if (source === null)
		return `provided by another extension, so ${OWN_PACKAGE} stepped aside; \`pi list\` shows which.`;
	return (
		`provided by ${providerName(source)}, so ${OWN_PACKAGE} stepped aside. ` +
		`To use ${OWN_PACKAGE}'s instead: ${removalStep(source)}`
	);
}

function isToolSource(value: unknown): value is ToolSource {
	if (typeof value !== "object" || value === null) return false;
	const { path, source, scope } = value as Record<string, unknown>;
	return typeof path === "string" && typeof source === "string" && typeof scope === "string";
}
