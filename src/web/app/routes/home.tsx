/** Route module for home (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">home</main>;
}
