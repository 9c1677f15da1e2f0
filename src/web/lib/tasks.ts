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
