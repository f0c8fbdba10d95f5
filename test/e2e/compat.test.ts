/**
 * The compat smoke (compat-smoke.ts) and what Pi does on its own with each argument shape
 * (pi-own-validation.ts) in `npm test`: on the devDependency (Pi 1.6.0) and on the oldest supported Pi;
 * and on a Pi older than that, one warning at start while the tool still works. Both older Pis come with
 * `npm install` (npm aliases in devDependencies, test/support/pi-install.ts): nothing is downloaded here. `npm run compat` runs this file once per
 * listed version instead (PI_ASK_PI_HOME set to that version's install, or PI_ASK_COMPAT_RUN=1 for the
 * devDependency): then only that one is checked.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OLDER_PI_WARNED, OLDEST_SUPPORTED_PI } from "../../scripts/compat-versions.ts";
import { piVersionWarning } from "../../src/pi/pi-version.ts";
import { tuiPerTest } from "../support/lifecycle.ts";
import { type Packed, packPackage } from "../support/pack.ts";
import { createHarness, piVersion, runPrint } from "../support/pi.ts";
import { requireAliasedPi } from "../support/pi-install.ts";
import { askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import { defineCompatSmoke } from "./compat-smoke.ts";
import { definePiOwnValidation } from "./pi-own-validation.ts";

const compatRun = process.env.PI_ASK_COMPAT_RUN === "1" || process.env.PI_ASK_PI_HOME !== undefined;
let packed: Packed | undefined;
const oldest = compatRun ? undefined : { home: requireAliasedPi(OLDEST_SUPPORTED_PI) };
const older = compatRun ? undefined : { home: requireAliasedPi(OLDER_PI_WARNED) };

beforeAll(async () => {
	packed = await packPackage();
}, 240_000);

afterAll(async () => {
	if (packed) await rm(packed.dir, { recursive: true, force: true, maxRetries: 3 });
}, 240_000);

const tarball = () => {
	if (!packed) throw new Error("the package was not packed");
	return packed.tarball;
};

if (compatRun) {
	const home = () => process.env.PI_ASK_PI_HOME;
	defineCompatSmoke(`Pi ${piVersion(home())}`, home, tarball);
	definePiOwnValidation(`Pi ${piVersion(home())}`, home);
} else {
	const dev = `Pi ${piVersion(undefined)} (the devDependency)`;
	const oldestLabel = `Pi ${OLDEST_SUPPORTED_PI} (the oldest supported)`;
	defineCompatSmoke(dev, () => undefined, tarball);
	defineCompatSmoke(oldestLabel, () => oldest?.home, tarball);
	definePiOwnValidation(dev, () => undefined);
	definePiOwnValidation(oldestLabel, () => oldest?.home);

	describe(`Pi ${OLDER_PI_WARNED}, older than supported: one warning at start, and the tool still works`, () => {
		const warning = `ask_user_question: ${piVersionWarning(OLDER_PI_WARNED)}`;
		const startPi = tuiPerTest(() => older?.home);

		it("`pi -p` prints the warning once on stderr and answers", async () => {
			const h = await createHarness([{ text: "print answer" }]);
			try {
				const result = await runPrint("hello", h.options({ piHome: older?.home }));
				expect(result.stderr).toBe(`${warning}\n`);
				expect(result.code).toBe(0);
				expect(result.stdout).toContain("print answer");
			} finally {
				await h.dispose();
			}
		});

		it("the TUI shows the warning once, then the question, and the model receives the answer", async () => {
			const { harness, session } = await startPi([askStep(CACHE_QUESTION), echoStep], "We need a cache. Ask me.");
			const screen = await session.waitForScreen(
				(s) => s.includes(CACHE_QUESTION.question) && s.includes("SQLite file"),
				"the question dialog",
			);
			expect(screen.split(`this is Pi ${OLDER_PI_WARNED};`).length - 1, screen).toBe(1);
			session.keys("Enter");
			await session.waitForScreen("received: User answered:", "the model's reply");
			expect(harness.fake.requests.at(-1)?.lastToolResult).toBe(
				'User answered: "Where should the API client cache responses?" = "In-memory LRU". Continue with these answers.',
			);
		});
	});
}
