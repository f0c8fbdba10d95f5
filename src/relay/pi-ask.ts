/** The `pi-ask` command's entry (package.json `bin`, built into dist/pi-ask.cjs): runs cli.ts. */
import { main } from "./cli.ts";

void main(process.argv.slice(2)).then((code) => {
	process.exitCode = code;
});
