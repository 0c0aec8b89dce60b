import { COMMON_PASSWORDS } from "./common-passwords";

/** The shortest password Quire accepts. */
const MIN_PASSWORD_LENGTH = 10;
/** The longest (a bound on what a request makes scrypt read, far above any real one). */
export const MAX_PASSWORD_LENGTH = 256;

/** Whether a lowercased candidate is one of the list's lines (a search of the one text, no table). */
function listed(candidate: string): boolean {
  if (candidate.length === 0) return false;
  const text = COMMON_PASSWORDS;
  for (let at = text.indexOf(candidate); at !== -1; at = text.indexOf(candidate, at + 1)) {
    const end = at + candidate.length;
    if ((at === 0 || text[at - 1] === "\n") && (end === text.length || text[end] === "\n")) {
      return true;
    }
  }
  return false;
}

/**
 * Whether a password is a common one: itself (case aside), or a common one with a few digits or
 * symbols added at the end ("dragon2024!"), or one repeated ("qwertyqwerty").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (listed(lower)) return true;
  const stem = /^(.*?)[\d\W_]{1,6}$/u.exec(lower)?.[1];
  if (stem && stem.length >= 4 && listed(stem)) return true;
  const half = lower.length % 2 === 0 ? lower.slice(0, lower.length / 2) : "";
  return half.length >= 4 && half.repeat(2) === lower && listed(half);
}

/**
 * What is wrong with a new password, in the words of the answer, or null: at least 10
 * characters, at most 256, not a common password, not the person's own e-mail address.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  if (isCommonPassword(password)) {
    return "is one of the 10,000 most common passwords (or one with a few characters added); choose another";
  }
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return "must not be your e-mail address";
  }
  return null;
}
