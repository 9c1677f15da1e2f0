/** Route module for register (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">register</main>;
}
