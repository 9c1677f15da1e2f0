/** Route module for checkout (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">checkout</main>;
}
