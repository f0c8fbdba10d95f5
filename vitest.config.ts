import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// End-to-end tests spawn real `pi` processes; two cores, so keep parallelism modest.
		maxWorkers: 2,
		// The UI speaks the person's locale (LC_ALL, LC_MESSAGES, LANG); tests expect English wherever they run.
		// Tests of other locales set their own variables.
		env: { LC_ALL: "C.UTF-8", LC_MESSAGES: "", LANG: "C.UTF-8" },
		// Every property test: a failure prints its seed and path; FC_SEED replays (test/support/fast-check-setup.ts).
		setupFiles: ["test/support/fast-check-setup.ts"],
	},
});
