/** Route module for wholesale (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">wholesale</main>;
}
