/** The Pi versions `npm run compat` smokes (scripts/compat.ts); the oldest supported is in src/pi/pi-version.ts. */
export const COMPAT_VERSIONS = ["0.84.3", "0.99.1", "1.0.3", "1.3.0", "1.5.2", "1.6.0"] as const;

export { OLDEST_SUPPORTED_PI } from "../src/pi/pi-version.ts";
