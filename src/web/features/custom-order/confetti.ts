/**
 * The first-order celebration (storefront spec sections 2 and 9: confetti for 3 seconds).
 * canvas-confetti is loaded only when it fires, so it costs nothing on first load, and it
 * does not run for visitors who ask for reduced motion. It draws on the page's own thread
 * (`useWorker: false`): the library's default worker is made from a blob: URL, which the
 * shop's Content-Security-Policy refuses, and then nothing is drawn at all.
 */
export const CONFETTI_MS = 3000;

/** Fires confetti for CONFETTI_MS; resolves at once (no animation) under reduced motion. */
export async function celebrate(): Promise<void> {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confettiModule } = await import('canvas-confetti');
  const confetti = confettiModule.create(undefined, { resize: true, useWorker: false });
  const end = Date.now() + CONFETTI_MS;
  const frame = () => {
    void confetti({
      particleCount: 4,
      angle: 60,
      spread: 60,
      origin: { x: 0, y: 0.7 },
    });
    void confetti({
      particleCount: 4,
      angle: 120,
      spread: 60,
      origin: { x: 1, y: 0.7 },
    });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  frame();
}
