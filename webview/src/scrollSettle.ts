// A sideways scroll the user makes (a wheel, Shift+wheel, a trackpad's swipe, a touch, the
// scrollbar) ends where a column starts beside the labels. A free scroll could end anywhere: the
// column it left partly under the sticky labels is veiled whole, and the one it cut at the right
// edge is clipped whole (tableScroll.ts: no number is ever shown in part), so a table of long
// values showed no number at all after a 120 px wheel, and one of ordinary values a gap at each
// side (a new user, s17). Only the user's scrolls settle: a position the page sets (a reveal, the
// keyboard's scrollIntoView, the ‹ › buttons, a test's geometry) is left where it is. That is why
// this is not CSS scroll snapping, which moves every position a script sets too (reverted in s17).

/** How long after a user's input a sideways scroll that starts counts as theirs (a wheel's first scroll event follows it within a frame or two). */
const INPUT_WINDOW_MS = 300;
/** Where `scrollend` is not fired: a scroll has ended when no scroll event came for this long. */
const QUIET_MS = 150;

/**
 * Settles each sideways scroll of `scroller` that a user made, once it ends, at one of
 * `stops(direction)`: scrollLeft values for a scroll to the right (1), to the left (-1) or back to
 * where it started (0); see settlePoint.
 */
export function settleUserScrolls(scroller: HTMLElement, stops: (direction: number) => readonly number[]): void {
  const view = scroller.ownerDocument.defaultView;
  if (view === null) return;
  const firesScrollEnd = "onscrollend" in view;
  /**
   * Until when (performance.now()) a scroll that ends is the user's: a while after their input, and
   * on while its scroll goes on (a wheel's animation, a swipe's or a fling's glide).
   */
  let armedUntil = 0;
  /** A pointer or finger is down on the scroller (its scrollbar, a touch): its scroll ends when it is lifted. */
  let held = false;
  let endedWhileHeld = false;
  /**
   * Where the table was at rest before the user's scroll: its direction is from there. (Not read at
   * the user's input: a wheel's scroll is the compositor's, and may be done before the page sees
   * the wheel event.)
   */
  let rest = scroller.scrollLeft;
  let quiet: ReturnType<typeof setTimeout> | undefined;

  const arm = (): void => {
    armedUntil = performance.now() + INPUT_WINDOW_MS;
  };
  const end = (): void => {
    if (held) {
      endedWhileHeld = true;
      return;
    }
    endedWhileHeld = false;
    const at = scroller.scrollLeft;
    const users = performance.now() <= armedUntil;
    // The settling scroll is the page's own.
    armedUntil = 0;
    const direction = at > rest + 0.5 ? 1 : at < rest - 0.5 ? -1 : 0;
    const target = users ? settlePoint(stops(direction), rest, at) : undefined;
    rest = target ?? at;
    if (target === undefined) return;
    const still = view.matchMedia("(prefers-reduced-motion: reduce)").matches;
    scroller.scrollTo({ left: target, behavior: still ? "instant" : "smooth" });
  };

  scroller.addEventListener(
    "wheel",
    (event) => {
      // Shift+wheel scrolls sideways; a wheel straight down scrolls the page, not this table.
      if (event.deltaX !== 0 || event.shiftKey) arm();
    },
    { passive: true },
  );
  /** A press on the scroller: its scroll ends when the press does (listened for on the window only while it lasts). */
  const hold = (releases: readonly string[]): void => {
    if (held) return;
    held = true;
    arm();
    const done = new AbortController();
    const release = (): void => {
      done.abort();
      held = false;
      arm();
      if (endedWhileHeld) end();
    };
    for (const type of releases) view.addEventListener(type, release, { passive: true, signal: done.signal });
  };
  scroller.addEventListener("touchstart", () => hold(["touchend", "touchcancel"]), { passive: true });
  // On the scroller itself, not a cell in it: its scrollbar.
  scroller.addEventListener("pointerdown", (event) => {
    if (event.target === scroller && event.pointerType !== "touch") hold(["pointerup", "pointercancel"]);
  });

  scroller.addEventListener(
    "scroll",
    () => {
      if (held || performance.now() <= armedUntil) arm();
      // A position the page set (scrollend is not fired for an instant one): the next user's scroll starts there.
      else rest = scroller.scrollLeft;
      if (firesScrollEnd) return;
      if (quiet !== undefined) clearTimeout(quiet);
      quiet = setTimeout(() => {
        quiet = undefined;
        end();
      }, QUIET_MS);
    },
    { passive: true },
  );
  if (firesScrollEnd) scroller.addEventListener("scrollend", end);
}

/**
 * Where a scroll from `from` that ended at `at` settles: at the stop nearest `at`, among those past
 * `from` in the scroll's direction, so that a scroll shorter than half a column is not undone (each
 * tick of a wheel moves on by a column); undefined where `at` is a stop already.
 */
export function settlePoint(stops: readonly number[], from: number, at: number): number | undefined {
  if (stops.some((stop) => Math.abs(stop - at) <= 0.5)) return undefined;
  const ahead = at > from + 0.5 ? stops.filter((stop) => stop > from + 0.5) : at < from - 0.5 ? stops.filter((stop) => stop < from - 0.5) : stops;
  let best: number | undefined;
  for (const stop of ahead) if (best === undefined || Math.abs(stop - at) < Math.abs(best - at)) best = stop;
  return best;
}
