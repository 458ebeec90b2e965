/**
 * How sign-in is slowed and limited, in one place: the server enforces these numbers, the app shows the waits they
 * cause, and docs/decisions/020-sign-in-limits.md explains each one against NIST SP 800-63B and OWASP ASVS 5.0 V6.
 * A limit never locks the right password out for a source that signed in before: strangers are slowed per source,
 * and only sources the account has never signed in from meet the per-account ceiling.
 */
export const signInLimits = {
  /** Wrong passwords one source (account and client address) may send before every further try has to wait. */
  passwordFreeFailures: 5,
  /** The first wait after those free tries; it doubles with every further failure from the same source. */
  passwordDelayBaseSeconds: 30,
  /** The longest wait between two tries from one source. */
  passwordDelayMaxSeconds: 15 * 60,
  /** Failures older than this are forgotten, for a source and for the account. */
  passwordFailureWindowSeconds: 24 * 60 * 60,
  /**
   * Consecutive wrong passwords on one account, from all sources, within the window, after which only known sources
   * may try (NIST SP 800-63B: no more than 100 consecutive failed attempts on one account).
   */
  accountFailureCeiling: 100,
  /** A client address from which the account completed a sign-in (both factors) this recently is a known source. */
  knownSourceSeconds: 90 * 24 * 60 * 60,
  /** Wrong sign-in codes (email, SMS or authenticator app) one account may receive in the window, over all tickets. */
  codeFailuresPerAccount: 10,
  /** The rolling window of the code limit; when it is reached no code is sent or checked until it has passed. */
  codeFailureWindowSeconds: 60 * 60,
} as const;

export type SignInLimits = { readonly [Name in keyof typeof signInLimits]: number };
