// The port `npm start` serves VS Code on. The browser keeps the workbench's state per address:
// unsaved editors (hot exit), the walkthrough's ticks, which editors were open. A new port is a new
// site to it, so after Ctrl+C and `npm start` again everything the user had seemed lost. So the
// first start's port is used again (remembered in the profile), unless PORT names one or that port
// is taken now; a start that had to move does not change what is remembered.
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
 * else a free one. `note` says why the address changed, when it did. A port is remembered only when
 * none was: a start that had to move leaves the user's usual address remembered, so the next plain
 * `npm start` goes back to it, and to the work left there.
 */
export async function choosePort({ requested, portFile }) {
  if (requested) return { port: requested, note: undefined };
  const last = rememberedPort(portFile);
  if (last !== undefined && (await portIsFree(last))) return { port: last, note: undefined };
  const port = await freePort();
  if (last !== undefined) {
    const note =
      `port ${last} (where npm start serves VS Code) is taken by another program, so this start serves on ${port}. ` +
      `The browser keeps editors left open and unsaved, and the walkthrough's ticks, per address: they are on ${last}, not here. ` +
      `Stop what holds ${last} and run npm start again: it goes back to ${last}.`;
    return { port, note };
  }
  mkdirSync(dirname(portFile), { recursive: true });
  writeFileSync(portFile, `${port}\n`);
  return { port, note: undefined };
}
