/**
 * Account contracts: login, register, the current user (back-office spec sections 5 and
 * 7), and the password reset by a mailed link (docs/decisions.md "Security hardening").
 */
import { z } from './zod';

const USERNAME_SHORT = 'Username must be at least 3 characters';
const PASSWORD_SHORT = 'Password must be at least 6 characters';
const EMAIL_INVALID = 'Please enter a valid email address';

const USERNAME_LONG = 'Username must be at most 50 characters';
const PASSWORD_LONG = 'Password must be at most 200 characters';

/**
 * A field left out answers the same spec text as a too short one (not zod's 'expected
 * string'); a too long one says so (the schema-wide text would have called it too short).
 */
export const Username = z
  .string({ error: USERNAME_SHORT })
  .trim()
  .min(3, USERNAME_SHORT)
  .max(50, USERNAME_LONG);
export const Password = z
  .string({ error: PASSWORD_SHORT })
  .min(6, PASSWORD_SHORT)
  .max(200, PASSWORD_LONG);

export const LoginBody = z.object({ username: Username, password: Password });
export type LoginBody = z.infer<typeof LoginBody>;

/** An account's e-mail address as registration takes it: trimmed, lower case, valid. */
export const AccountEmail = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .email(EMAIL_INVALID);

export const RegisterBody = z.object({
  username: Username,
  email: AccountEmail,
  password: Password,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

const PASSWORDS_DIFFER = "Passwords don't match";

/** The register form adds confirmPassword, which is never sent to the server. */
export const RegisterForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: PASSWORDS_DIFFER, path: ['confirmPassword'] },
);
export type RegisterForm = z.infer<typeof RegisterForm>;

/** POST /api/auth/forgot-password: the account's e-mail address (the username is not taken). */
export const ForgotPasswordBody = z.object({ email: AccountEmail });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Texts of the password reset (the same answer whether or not an account has the address). */
export const PASSWORD_RESET_MESSAGES = {
  requested:
    'If an account uses that e-mail address, a link to reset its password is on its way. The link works once, for 1 hour.',
  done: 'Your password has been reset. Sign in with your new password.',
  invalidLink:
    'This password reset link is invalid, has expired or was already used. Ask for a new one.',
} as const;

/**
 * POST /api/auth/reset-password: the mailed link's token and the new password, under the
 * registration's password rules (the server also refuses common passwords).
 */
export const ResetPasswordBody = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalidLink })
    .min(1, PASSWORD_RESET_MESSAGES.invalidLink)
    .max(100, PASSWORD_RESET_MESSAGES.invalidLink),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The reset page's form: the new password twice (confirmPassword is not sent). */
export const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** The answer of POST /api/auth/forgot-password and /api/auth/reset-password. */
export const PasswordResetResponse = z.object({ message: z.string() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponse>;

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
});
export type User = z.infer<typeof User>;

/** Answer of POST /api/auth/logout. */
export const LogoutResponse = z.object({ message: z.literal('Logged out') });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** Error texts of the account calls (back-office spec sections 7 and 8; shown in 'Login Failed' / 'Registration Failed'). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already registered',
  notSignedIn: 'Not signed in',
  loggedOut: 'Logged out',
} as const;
