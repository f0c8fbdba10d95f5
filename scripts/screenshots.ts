/**
 * `npm run screenshots [name…]`: pictures of the real questionnaire for the docs, in docs/images.
 * Each one runs the real pi TUI in tmux with the scripted fake model (capture.ts), then renders the
 * captured screen, colours included, with xterm.js in headless Chromium (render.ts).
 *
 * Needs tmux and Chromium (`apt-get install -y tmux chromium fonts-wqy-microhei`; set CHROMIUM to
 * use another binary). The zh-CN picture is taken only when the zh-CN locale exists. Not part of
 * `npm test`: the pictures are reviewed by eye and committed.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { capture } from "./screenshots/capture.ts";
import { CHROMIUM, startRenderer } from "./screenshots/render.ts";
import { SHOTS, type Shot, ZH_SHOT } from "./screenshots/shots.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "docs", "images");

/** True when the zh-CN locale table is in the source tree. */
function hasChineseLocale(): boolean {
	return ["zh-CN.ts", "zh-cn.ts", "zh_CN.ts"].some((name) => existsSync(join(ROOT, "src", "i18n", name)));
}

async function main(only: string[]): Promise<number> {
	if (!existsSync(CHROMIUM)) {
		console.error(`No browser at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM).`);
		return 1;
	}
	const shots: Shot[] = [...SHOTS];
	if (hasChineseLocale()) shots.push(ZH_SHOT);
	else console.log("skipping zh-CN: src/i18n has no zh-CN locale yet");
	const wanted = only.length === 0 ? shots : shots.filter((s) => only.includes(s.name));
	mkdirSync(OUT, { recursive: true });
	const renderer = await startRenderer();
	let failed = 0;
	try {
		for (const shot of wanted) {
			const file = join(OUT, `${shot.name}.png`);
			try {
				const screen = await capture(shot);
				await renderer.render(screen, file);
				console.log(`wrote docs/images/${shot.name}.png — ${shot.alt}`);
			} catch (error) {
				failed++;
				console.error(`${shot.name}: ${error instanceof Error ? error.message : String(error)}`);
			}
		}
	} finally {
		await renderer.close();
	}
	return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
