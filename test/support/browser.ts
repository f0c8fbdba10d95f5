/**
 * A real browser for the web inbox's tests: the Chromium that @sparticuz/chromium ships inside its npm
 * package (nothing downloaded from elsewhere), driven by puppeteer-core, headless, without the sandbox
 * (tests run as root). `npm install` alone brings both. Not the package's own flags for serverless use:
 * they turn off the same-origin policy and site isolation, which these tests rely on being there.
 */
import chromium from "@sparticuz/chromium";
import puppeteer, { type Browser } from "puppeteer-core";

export async function launchBrowser(): Promise<Browser> {
	return puppeteer.launch({
		executablePath: await chromium.executablePath(),
		headless: "shell",
		args: ["--no-sandbox", "--no-zygote", "--use-gl=angle", "--use-angle=swiftshader", "--font-render-hinting=none"],
	});
}
