// An export that asks where to write and builds what it writes: the question comes first, at once,
// and the building starts at the same moment, so the user never waits for a dialog (and keys typed
// after the command go into the dialog). No vscode import: the order is tested on its own.

export type Built<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Starts `build` and asks `ask` at once. Undefined when the question is cancelled (what is being
 * built is dropped); otherwise the target and what was built, waited for through `wait` (a
 * progress notification) only when it is still being built.
 */
export async function askWhileBuilding<T, Target>(
  build: () => Promise<T>,
  ask: () => PromiseLike<Target | undefined>,
  wait: (building: Promise<Built<T>>) => PromiseLike<Built<T>>,
): Promise<{ target: Target; built: Built<T> } | undefined> {
  let done: Built<T> | undefined;
  const building = (async (): Promise<Built<T>> => {
    try {
      return { ok: true, value: await build() };
    } catch (error) {
      return { ok: false, error };
    }
  })().then((built) => (done = built));
  const target = await ask();
  if (target === undefined) return undefined;
  return { target, built: done ?? (await wait(building)) };
}
