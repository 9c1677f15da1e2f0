/**
 * Account contracts: login, register, the current user (back-office spec sections 5 and
 * 7), the password reset by a mailed link (docs/decisions.md "Security hardening") and
 * the signed-in password change of /account (docs/decisions.md "My Account").
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

/** Texts of the signed-in password change (POST /api/auth/change-password, /account). */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  wrongCurrent: 'Your current password is incorrect',
  sameAsCurrent: 'New password must be different from your current password',
  done: 'Your password has been changed. Other devices signed in to your account were signed out.',
} as const;

/**
 * The current password as typed: only required (it is checked against the account, not
 * against the registration's rules, so an old password is never called too short).
 */
const CurrentPassword = z
  .string({ error: CHANGE_PASSWORD_MESSAGES.currentRequired })
  .min(1, CHANGE_PASSWORD_MESSAGES.currentRequired)
  .max(200, PASSWORD_LONG);

/**
 * POST /api/auth/change-password: the current password and the new one, under the
 * registration's `Password` rules (the server also refuses common passwords, as at
 * registration); the new one must differ from the current one (error on `newPassword`).
 */
export const ChangePasswordBody = z
  .object({ currentPassword: CurrentPassword, newPassword: Password })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The /account form: ChangePasswordBody plus confirmPassword (not sent; 'Passwords don't match'). */
export const ChangePasswordForm = z
  .object({
    currentPassword: CurrentPassword,
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** The answer of POST /api/auth/change-password. */
export const ChangePasswordResponse = z.object({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

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
