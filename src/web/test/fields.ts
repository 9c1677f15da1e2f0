/**
 * Form fields found by their label, for the jsdom tests of forms (auth forms, My Account):
 * `fieldsOf(() => container)` gives `input(label)` (the <input> its <label for> names),
 * `type(label, value)` (sets the value and fires 'input', as typing does for
 * react-hook-form) and `errorOf(label)` (the text its aria-describedby points at, '' when
 * none). `root` is read on every call: tests make a new container each time.
 */
export function fieldsOf(root: () => ParentNode) {
  const input = (label: string): HTMLInputElement => {
    const id = [...root().querySelectorAll('label')]
      .find((l) => l.textContent === label)
      ?.getAttribute('for');
    return root().querySelector<HTMLInputElement>(`[id="${id}"]`)!;
  };
  const type = (label: string, value: string): void => {
    const field = input(label);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const errorOf = (label: string): string => {
    const described = input(label).getAttribute('aria-describedby');
    return described ? (root().querySelector(`[id="${described}"]`)?.textContent ?? '') : '';
  };
  return { input, type, errorOf };
}
