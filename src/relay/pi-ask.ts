/** The `pi-ask` command's entry (package.json `bin`, built into dist/pi-ask.cjs): runs cli.ts. */
import { resolveAgentDir } from "../config/paths.ts";
import { main } from "./cli.ts";
import { parseArgs } from "./cli-common.ts";
import { removeDeadRelayDirs } from "./dead-dirs.ts";

// A reader that stops early (`pi-ask list | head -1`) closes the pipe: what is left unsaid goes nowhere,
// quietly, as with any Unix tool.
for (const stream of [process.stdout, process.stderr])
	stream.on("error", (error: NodeJS.ErrnoException) => {
		if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
		throw error;
	});

const argv = process.argv.slice(2);
const dir = parseArgs(argv).flags.get("agent-dir");
// What crashed Pis left (their sockets' directories) goes while the command runs.
const sweeping = removeDeadRelayDirs({ agentDir: typeof dir === "string" ? dir : resolveAgentDir(process.env) });

void Promise.all([main(argv), sweeping]).then(([code]) => {
	process.exitCode = code;
});
