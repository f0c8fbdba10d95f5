/**
 * The compat smoke (compat-smoke.ts) in `npm test`: on the devDependency (Pi 1.6.0) and on the oldest
 * supported Pi, installed into a scratch folder for this run (about 10 s; see README "Pi versions").
 * `npm run compat` runs this file once per listed version instead, with PI_ASK_PI_HOME set to that
 * version's install: then only that one is smoked.
 */
import { afterAll, beforeAll } from "vitest";
import { OLDEST_SUPPORTED_PI } from "../../scripts/compat-versions.ts";
import { removeDir } from "../support/fake-model.ts";
import { type Packed, packPackage } from "../support/pack.ts";
import { piVersion } from "../support/pi.ts";
import { installPi, type PiInstall } from "../support/pi-install.ts";
import { defineCompatSmoke } from "./compat-smoke.ts";

const only = process.env.PI_ASK_PI_HOME;
let packed: Packed | undefined;
let oldest: PiInstall | undefined;

beforeAll(() => {
	packed = packPackage();
	if (only === undefined) {
		oldest = installPi(OLDEST_SUPPORTED_PI);
		console.log(`compat: Pi ${OLDEST_SUPPORTED_PI} installed in ${oldest.ms} ms`);
	}
}, 240_000);

afterAll(() => {
	if (packed) removeDir(packed.dir);
	if (oldest) removeDir(oldest.home);
});

const tarball = () => {
	if (!packed) throw new Error("the package was not packed");
	return packed.tarball;
};

if (only !== undefined) {
	defineCompatSmoke(`Pi ${piVersion(only)}`, () => only, tarball);
} else {
	defineCompatSmoke(`Pi ${piVersion()} (the devDependency)`, () => undefined, tarball);
	defineCompatSmoke(`Pi ${OLDEST_SUPPORTED_PI} (the oldest supported)`, () => oldest?.home, tarball);
}
