/** Route module for not-found (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">not-found</main>;
}
