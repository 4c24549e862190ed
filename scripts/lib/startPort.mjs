// The port `npm start` serves VS Code on. The browser keeps the workbench's state per address:
// unsaved editors (hot exit), the walkthrough's ticks, which editors were open. A new port is a new
// site to it, so after Ctrl+C and `npm start` again everything the user had seemed lost. So the
// port of the last start is used again (remembered in the profile), unless PORT names one or that
// port is taken now.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { freePort, portIsFree } from "./ports.mjs";

function rememberedPort(portFile) {
  try {
    const port = Number(readFileSync(portFile, "utf8").trim());
    return Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The port to serve on: `requested` (PORT) when given; else the remembered one when it is free;
 * else a free one. `note` says why the address changed, when it did. The chosen port is remembered.
 */
export async function choosePort({ requested, portFile }) {
  if (requested) return { port: requested, note: undefined };
  const last = rememberedPort(portFile);
  let port = last;
  let note;
  if (last === undefined || !(await portIsFree(last))) {
    port = await freePort();
    if (last !== undefined)
      note = `port ${last} (the last start's) is taken, so VS Code is served on ${port}: the browser treats a new address as a new site, so editors left open and unsaved there, and the walkthrough's ticks, are on ${last}. Stop what holds it and start again to get them back.`;
  }
  mkdirSync(dirname(portFile), { recursive: true });
  writeFileSync(portFile, `${port}\n`);
  return { port, note };
}
