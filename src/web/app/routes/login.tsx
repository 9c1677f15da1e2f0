/** Route module for login (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">login</main>;
}
