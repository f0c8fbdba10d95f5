/**
 * `npm start`: real Pi (this machine's Node 22 from node_modules) with this extension and the
 * offline scripted demo model, in a throwaway agent dir so nothing of yours is read or written.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// The package's exports hide package.json, so find the CLI through node_modules directly.
const piPackage = join(root, "node_modules", "@earendil-works", "pi-coding-agent");
const piBin: string = JSON.parse(readFileSync(join(piPackage, "package.json"), "utf8")).bin.pi;
const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-demo-"));

const args = [
	join(piPackage, piBin),
	"-ne",
	"-e",
	root,
	"-e",
	join(root, "scripts", "demo-model.ts"),
	"--provider",
	"demo",
	"--model",
	"demo-1",
	"--no-session",
	...process.argv.slice(2),
	"We need to add response caching to the API client and plan the first release. Ask me what you need to know.",
];
const env = {
	...process.env,
	PI_CODING_AGENT_DIR: agentDir,
	PI_OFFLINE: "1",
	PI_SKIP_VERSION_CHECK: "1",
	PI_TELEMETRY: "0",
};
const child = spawn(process.execPath, args, { stdio: "inherit", env });
const cleanup = () => rmSync(agentDir, { recursive: true, force: true });
child.on("exit", (code, signal) => {
	cleanup();
	process.exit(code ?? (signal ? 1 : 0));
});
// SIGHUP too: a closed terminal (or tmux window) must still end Pi and remove the throwaway agent dir.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, () => child.kill(sig));
