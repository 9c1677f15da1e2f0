/** Route module for track-order (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">track-order</main>;
}
