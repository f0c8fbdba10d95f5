/** The `pi-ask` command's entry (package.json `bin`, built into dist/pi-ask.cjs): runs cli.ts. */
import { main } from "./cli.ts";

// A reader that stops early (`pi-ask list | head -1`) closes the pipe: what is left unsaid goes nowhere,
// quietly, as with any Unix tool.
for (const stream of [process.stdout, process.stderr])
	stream.on("error", (error: NodeJS.ErrnoException) => {
		if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
		throw error;
	});

void main(process.argv.slice(2)).then((code) => {
	process.exitCode = code;
});
