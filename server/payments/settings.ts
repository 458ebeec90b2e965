import { defaultVerificationThresholdEurMinor } from '../../schemas/sendMoney.schema';

/**
 * Payment settings from the environment (docs/fees.md "One-time code"). Read here rather than in config.ts so that
 * the payments code keeps its knobs in one place; main.ts and the routes call `paymentSettings()`.
 */
export type PaymentSettings = {
  /**
   * Wallet payments of this amount or more (EUR minor units, converted at the mid rate for other currencies) need a
   * one-time code; payments to an IBAN always do. SEND_MONEY_VERIFICATION_THRESHOLD_MINOR, default 10000 (100.00).
   */
  verificationThresholdEurMinor: bigint;
  /** A pending payment to another bank is settled (or failed) once it is this old. SETTLEMENT_DELAY_SECONDS, 60. */
  settlementDelaySeconds: number;
  /** How often the settlement job runs. SETTLEMENT_INTERVAL_SECONDS, default 30. */
  settlementIntervalSeconds: number;
};

type Env = Record<string, string | undefined>;

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function paymentSettings(env: Env = process.env): PaymentSettings {
  return {
    verificationThresholdEurMinor: BigInt(
      nonNegativeInteger(
        env,
        'SEND_MONEY_VERIFICATION_THRESHOLD_MINOR',
        defaultVerificationThresholdEurMinor,
      ),
    ),
    settlementDelaySeconds: nonNegativeInteger(env, 'SETTLEMENT_DELAY_SECONDS', 60),
    settlementIntervalSeconds: Math.max(1, nonNegativeInteger(env, 'SETTLEMENT_INTERVAL_SECONDS', 30)),
  };
}
