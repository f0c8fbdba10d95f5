/**
 * A real browser for the web inbox's tests: the Chromium that @sparticuz/chromium ships inside its npm
 * package (nothing downloaded from elsewhere), driven by puppeteer-core, headless, without the sandbox
 * (tests run as root). `npm install` alone brings both. Not the package's own flags for serverless use:
 * they turn off the same-origin policy and site isolation, which these tests rely on being there.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import chromium from "@sparticuz/chromium";
import puppeteer, { type Browser } from "puppeteer-core";

/**
 * `ownFonts`: only the fonts shipped in the package (Open Sans, unpacked beside the browser in the temp
 * dir), none of the machine's, so that screenshots are the same on every machine.
 */
export async function launchBrowser(options: { ownFonts?: boolean } = {}): Promise<Browser> {
	const executablePath = await chromium.executablePath();
	const env = options.ownFonts === true ? { ...process.env, FONTCONFIG_PATH: join(tmpdir(), "fonts") } : process.env;
	return puppeteer.launch({
		executablePath,
		env,
		headless: "shell",
		args: ["--no-sandbox", "--no-zygote", "--use-gl=angle", "--use-angle=swiftshader", "--font-render-hinting=none"],
	});
}
