/** The Pi versions `npm run compat` smokes (scripts/compat.ts); the oldest supported is in src/pi/pi-version.ts. */
export const COMPAT_VERSIONS = ["0.84.3", "0.99.1", "1.0.3", "1.3.0", "1.5.2", "1.6.0"] as const;

/**
 * A Pi older than the oldest supported, on which `npm test` checks the one warning (test/e2e/compat.test.ts):
 * the oldest `@earendil-works` release, which also lacks project trust (`ctx.isProjectTrusted`).
 */
export const OLDER_PI_WARNED = "0.74.0";

export { OLDEST_SUPPORTED_PI } from "../src/pi/pi-version.ts";
