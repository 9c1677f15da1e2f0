/**
 * Runs `steps` one per macrotask (setTimeout 0), so each is its own short task instead
 * of part of one long one: the browser can handle input and paint between them (issue 10,
 * total blocking time). Resolves after the last step; a step that throws is reported to
 * the console and does not stop the others.
 */
export function inSeparateTasks(steps: ReadonlyArray<() => void>): Promise<void> {
  return steps.reduce<Promise<void>>(
    (previous, step) =>
      previous.then(
        () =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              try {
                step();
              } catch (error) {
                console.error(error);
              }
              resolve();
            }, 0);
          }),
      ),
    Promise.resolve(),
  );
}

/**
 * `work`, or nothing after `capMs` if it takes longer; the cap's timer is cleared once
 * `work` settles. Never rejects.
 */
function capped(work: Promise<unknown>, capMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs);
  });
  const done = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([done, cap]).finally(() => clearTimeout(timer));
}

/**
 * Resolves once `image` (the page's largest image, sent by the server) has loaded,
 * decoded and had a frame to be painted in, or after `capMs` at most (a slow image, a
 * broken one, a background tab without frames), at once without an image. Never rejects.
 */
export function imagePainted(
  image: Pick<HTMLImageElement, 'decode'> | null,
  capMs: number,
): Promise<void> {
  if (!image) return Promise.resolve();
  const painted = image
    .decode()
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestAnimationFrame !== 'function') return resolve();
          // The frame after the decode paints the image; the task after that frame is free.
          requestAnimationFrame(() => setTimeout(resolve, 0));
        }),
    );
  return capped(painted, capMs);
}

/**
 * Resolves once the browser has reported a paint of `type` ('paint', or 'element' for an
 * element carrying an `elementtiming` attribute) for which `match` is true, counting paints from before the
 * call (buffered), or after `capMs` at most (a background tab paints nothing); at once
 * where the browser does not report that type. Never rejects.
 */
export function paintReported(
  type: 'paint' | 'element',
  match: (entry: PerformanceEntry) => boolean,
  capMs: number,
): Promise<void> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes(type)
  )
    return Promise.resolve();
  let observer: PerformanceObserver | undefined;
  const reported = new Promise<void>((resolve) => {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(match)) resolve();
    });
    observer.observe({ type, buffered: true });
  });
  return capped(reported, capMs).finally(() => observer?.disconnect());
}

/**
 * Resolves once the first screen is painted: `image` as in `imagePainted` and the
 * document's fonts loaded (`document.fonts.ready`; a heading's text is painted again
 * when its web font arrives), each waited for at most `capMs`; then until the browser has
 * reported the first contentful paint and, when the image carries `elementtiming` (the
 * server writes it on the largest image, src/server/pages/content.ts), the image's own
 * paint (Element Timing; each again at most `capMs`). A frame having run is not enough: the paint's
 * timestamp is taken later, when the frame is presented, and a request that ends before
 * it counts towards Lighthouse's simulated first and largest paint (issue 10,
 * docs/decisions.md). main.tsx loads the app after it. Never rejects.
 */
export function firstScreenPainted(
  image: Pick<HTMLImageElement, 'decode' | 'hasAttribute'> | null,
  capMs: number,
): Promise<void> {
  const fonts =
    typeof document !== 'undefined' && document.fonts
      ? capped(document.fonts.ready, capMs)
      : Promise.resolve();
  return Promise.all([imagePainted(image, capMs), fonts]).then(() =>
    Promise.all([
      paintReported('paint', (entry) => entry.name === 'first-contentful-paint', capMs),
      image?.hasAttribute('elementtiming')
        ? paintReported(
            'element',
            (entry) => (entry as PerformanceEntry & { element?: unknown }).element === image,
            capMs,
          )
        : undefined,
    ]).then(() => undefined),
  );
}
