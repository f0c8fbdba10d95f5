/**
 * The devices the person paired with `pi-ask serve` (a phone, another computer's browser). Each holds a
 * credential of its own, in an HttpOnly cookie; here only its SHA-256 is kept, with the device's name and
 * when it was paired, in the user's config dir (`$XDG_CONFIG_HOME/pi-ask/serve-devices.json`, else
 * `~/.config/pi-ask/`; folder 0700, file 0600), never the agent dir nor anything Pi hands its processes.
 * Listed and revoked with `pi-ask serve --devices` / `--revoke ID`, or on the page. Node built-ins only.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { verifierOf } from "../relay/pairing.ts";
import { isRecord } from "../util/records.ts";

/** A device the person paired. */
export interface Device {
	/** Short id, to name it when revoking. */
	id: string;
	name: string;
	/** SHA-256 of its credential, base64url. */
	verifier: string;
	/** Epoch ms. */
	pairedAt: number;
}

const FILE_VERSION = 1;

/** The longest device name kept (it reaches the model inside "<device> via <client>"). */
export const DEVICE_NAME_MAX = 40;

export function devicesFile(env: NodeJS.ProcessEnv): string {
	const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || "/", ".config");
	return join(base, "pi-ask", "serve-devices.json");
}

/** Every paired device; none when the file is missing or unreadable. */
export function readDevices(file: string): Device[] {
	let value: unknown;
	try {
		value = JSON.parse(readFileSync(file, "utf8"));
	} catch {
		return [];
	}
	if (!isRecord(value) || value.v !== FILE_VERSION || !Array.isArray(value.devices)) return [];
	return value.devices.flatMap((d): Device[] => {
		if (!isRecord(d)) return [];
		const { id, name, verifier, pairedAt } = d;
		return typeof id === "string" &&
			typeof name === "string" &&
			typeof verifier === "string" &&
			typeof pairedAt === "number"
			? [{ id, name, verifier, pairedAt }]
			: [];
	});
}

function writeDevices(file: string, devices: readonly Device[]): void {
	const dir = dirname(file);
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	chmodSync(dir, 0o700);
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify({ v: FILE_VERSION, devices }, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, file);
}

/** Records a device under `name`; returns it and its credential (set in its cookie once, kept nowhere here). */
export function addDevice(file: string, name: string, now = Date.now()): { device: Device; credential: string } {
	const credential = randomBytes(32).toString("base64url");
	const device: Device = { id: randomBytes(4).toString("hex"), name, verifier: verifierOf(credential), pairedAt: now };
	writeDevices(file, [...readDevices(file), device]);
	return { device, credential };
}

/** Removes the devices `which` picks; returns how many went. */
export function removeDevices(file: string, which: (device: Device) => boolean): number {
	const devices = readDevices(file);
	const kept = devices.filter((d) => !which(d));
	if (kept.length !== devices.length) writeDevices(file, kept);
	return devices.length - kept.length;
}

/** The device whose credential this is, compared in constant time; undefined for any other. */
export function deviceFor(file: string, credential: string): Device | undefined {
	if (credential.length < 20 || credential.length > 100) return undefined;
	const given = Buffer.from(verifierOf(credential));
	return readDevices(file).find((d) => {
		const expected = Buffer.from(d.verifier);
		return expected.length === given.length && timingSafeEqual(expected, given);
	});
}
