/** Route module for product (placeholder until the page lands). */
export function Component() {
  return <main className="p-8">product</main>;
}
