/** Account contracts: login, register, the current user. Back-office spec sections 5 and 7. */
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

export const RegisterBody = z.object({
  username: Username,
  email: z
    .string({ error: EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .email(EMAIL_INVALID),
  password: Password,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The register form adds confirmPassword, which is never sent to the server. */
export const RegisterForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);
export type RegisterForm = z.infer<typeof RegisterForm>;

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
