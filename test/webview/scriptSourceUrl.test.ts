// Our page's script in a CPU profile of the workbench: VS Code writes a webview's page into its frame
// (document.open and write, client/src/page/shell.ts says so), where an inline script has no URL, so
// the editor benchmark's --attribute (test/e2e/bench/attribution.ts) gave the preview page's time to
// no one ("unattributed"). The shell names the script (//# sourceURL): here the shell, written into
// a frame as VS Code's webview host writes it, is profiled in Chromium and attributed.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { scriptSourceUrl } from "../../client/src/page/shell";
import { buildPreviewShell } from "../../client/src/preview/shell";
import { attribute, SourceFiles, type CpuProfile } from "../e2e/bench/attribution";
import { startPreviewHost, type PreviewHost } from "./page";

/** A page script that works long enough to be sampled many times, in a function of its own name. */
const BUSY_SCRIPT = `function burnForTheProfile() {
  let value = 0;
  for (let step = 0; step < 20000000; step++) value = (value * 31 + step) % 1000003;
  return value;
}
window.burned = burnForTheProfile();`;

let host: PreviewHost | undefined;
before(
  async () => {
    host = await startPreviewHost();
  },
  { timeout: 60_000 },
);
after(async () => {
  await host?.close();
});

/** The profile of writing `html` into a new frame of a blank page, as VS Code's webview host (pre/index.html) does. */
async function profileWrittenPage(html: string): Promise<CpuProfile> {
  const page = await host!.browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const burned = await page.evaluate((text) => {
      const frame = document.createElement("iframe");
      document.body.append(frame);
      const written = frame.contentDocument!;
      written.open();
      written.write(text);
      written.close();
      return (frame.contentWindow as unknown as { burned?: number }).burned;
    }, html);
    assert.equal(typeof burned, "number", "the page's script ran");
    return ((await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile }).profile;
  } finally {
    await page.close();
  }
}

test(
  "the page's script, written into its frame as VS Code writes it, is named in a CPU profile, and --attribute gives its time to the preview page",
  { timeout: 60_000 },
  async () => {
    const html = buildPreviewShell({ nonce: randomBytes(18).toString("base64"), script: BUSY_SCRIPT, style: "", scriptName: "webview.js" });
    const profile = await profileWrittenPage(html);
    const busy = profile.nodes.filter((node) => node.callFrame.functionName === "burnForTheProfile");
    assert.ok(busy.length > 0, "the page's function was sampled");
    assert.deepEqual([...new Set(busy.map((node) => node.callFrame.url))], [scriptSourceUrl("webview.js")]);
    const { self } = attribute(profile, new SourceFiles([]));
    const samplesOf = (leaf: (node: CpuProfile["nodes"][number]) => boolean) =>
      profile.samples!.reduce((count, id, index) => count + (leaf(profile.nodes.find((node) => node.id === id)!) ? (profile.timeDeltas![index + 1] ?? 0) : 0), 0) / 1000;
    const busyMs = samplesOf((node) => node.callFrame.functionName === "burnForTheProfile");
    // The two sums add the same samples' times in another order: a float may differ in its last bits (142.83299999999988 against 142.833 once in CI).
    assert.ok((self.get("FS Documents' preview page") ?? 0) >= busyMs - 1e-6, `the preview page's ${self.get("FS Documents' preview page")} ms hold the function's ${busyMs} ms`);
  },
);
