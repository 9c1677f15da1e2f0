// @vitest-environment jsdom
/**
 * The shared new-password pair (docs/decisions.md "One password field set; the wizard keeps
 * focus"): two password inputs named by their labels ('New Password' / 'Confirm New
 * Password' unless the form passes its own), `autocomplete="new-password"`, filling the
 * fields the form names; the schema's errors land under the right field (aria-invalid,
 * aria-describedby) and the form can focus a field by its name (a server refusal does).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm } from '@shared/schemas/auth';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { NewPasswordFields } from './new-password-fields';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
});

const { input, type, errorOf } = fieldsOf(() => container!);
const submit = () => act(() => container!.querySelector('form')!.requestSubmit());

function mount(ui: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.append(root);
  container = root;
  act(() => render(ui, root));
}

/** The reset form's shape: `password` + `confirmPassword`, its schema, default labels. */
function ResetShape({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <NewPasswordFields form={form} name="password" confirmName="confirmPassword" />
    </form>
  );
}

const ChangeShape = z.object({ newPassword: z.string(), confirmPassword: z.string() });
type ChangeValues = z.infer<typeof ChangeShape>;

/** Another field name and the registration's labels; hands the form out to the test. */
function OtherShape({ expose }: { expose: (form: UseFormReturn<ChangeValues>) => void }) {
  const form = useForm<ChangeValues>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  expose(form);
  return (
    <form noValidate>
      <NewPasswordFields
        form={form}
        name="newPassword"
        confirmName="confirmPassword"
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
      />
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('two password fields, named by their labels, for a new password', () => {
    mount(<ResetShape onValid={() => {}} />);
    for (const label of ['New Password', 'Confirm New Password']) {
      expect(input(label)).not.toBeNull();
      expect(input(label).type).toBe('password');
      expect(input(label).getAttribute('autocomplete')).toBe('new-password');
      expect(input(label).getAttribute('aria-invalid')).toBeNull();
      expect(errorOf(label)).toBe('');
    }
    expect(container!.querySelectorAll('input')).toHaveLength(2);
  });

  it("the schema's errors land under their own field; matching values are submitted", async () => {
    const onValid = vi.fn();
    mount(<ResetShape onValid={onValid} />);
    type('New Password', 'back-nine-birdie');
    type('Confirm New Password', 'back-nine-bogey');
    await submit();
    await settle(() => expect(errorOf('Confirm New Password')).toBe("Passwords don't match"));
    expect(input('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(input('New Password').getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('New Password')).toBe('');
    expect(onValid).not.toHaveBeenCalled();

    type('New Password', 'abc');
    type('Confirm New Password', 'abc');
    await submit();
    await settle(() =>
      expect(errorOf('New Password')).toBe('Password must be at least 6 characters'),
    );
    expect(errorOf('Confirm New Password')).toBe('');

    type('New Password', 'back-nine-birdie');
    type('Confirm New Password', 'back-nine-birdie');
    await submit();
    await settle(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      password: 'back-nine-birdie',
      confirmPassword: 'back-nine-birdie',
    });
  });

  it("takes the form's labels and field name; an error set on the name shows there and the form can focus it", async () => {
    let form: UseFormReturn<ChangeValues> | undefined;
    mount(
      <OtherShape
        expose={(f) => {
          form = f;
        }}
      />,
    );
    expect(input('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(input('Confirm Password').type).toBe('password');
    type('Password', 'back-nine-birdie');
    expect(form!.getValues('newPassword')).toBe('back-nine-birdie');

    const common = 'This password is too common. Please choose another.';
    act(() => form!.setError('newPassword', { message: common }));
    await settle(() => expect(errorOf('Password')).toBe(common));
    expect(input('Password').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Confirm Password')).toBe('');
    act(() => form!.setFocus('newPassword'));
    // react-hook-form focuses on a timer.
    await settle(() => expect(document.activeElement).toBe(input('Password')));
  });
});
